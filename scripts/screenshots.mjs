#!/usr/bin/env node
// Screenshots of pages at the widths we review (375, 768, 1280 px) for a look before shipping.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:8788 /home /waitlist  -> tests/.tmp/shots/*.png
// Admin pages: ADMIN_EMAIL=... ADMIN_PASSWORD=... node scripts/screenshots.mjs <base> /admin/dashboard
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./lib/chromium.mjs";

const [base = "http://127.0.0.1:8788", ...paths] = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? "375,768,1280").split(",").map(Number);
const outDir = "tests/.tmp/shots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions());

// Signs in once through the login form; every screenshot then carries the session cookie.
let storageState;
if (process.env.ADMIN_EMAIL) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(process.env.ADMIN_EMAIL);
  await page.getByLabel("Password").fill(process.env.ADMIN_PASSWORD ?? "");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/(?!login)/);
  storageState = await context.storageState();
  await context.close();
}
for (const path of paths.length ? paths : ["/home"]) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: process.env.SCHEME ?? "light", storageState });
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== "0" });
    console.log(file);
    await page.close();
  }
}
await browser.close();
