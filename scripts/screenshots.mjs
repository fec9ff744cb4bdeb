#!/usr/bin/env node
// Screenshots of pages at the widths we review (375, 768, 1280 px) for a look before shipping.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:8788 /home /waitlist  -> tests/.tmp/shots/*.png
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.mjs";

const [base = "http://127.0.0.1:8788", ...paths] = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? "375,768,1280").split(",").map(Number);
const outDir = "tests/.tmp/shots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions());
for (const path of paths.length ? paths : ["/home"]) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: process.env.SCHEME ?? "light" });
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== "0" });
    console.log(file);
    await page.close();
  }
}
await browser.close();
