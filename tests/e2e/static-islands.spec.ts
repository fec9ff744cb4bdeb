import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Static islands (ADR 0015): server HTML on the first load without client code, and the same
// content rendered by the browser after a client-side navigation.

test("the landing page's static sections are complete after a client-side navigation", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
  });
  await page.goto("/download");
  await waitForHydration(page);
  await page.getByRole("link", { name: /home$/ }).first().click();
  // The logo's / redirects to the landing page (its language negotiated), within the client navigation.
  await expect(page).toHaveURL(/\/home$/);
  // A client navigation (no new document), and every island rendered its content.
  expect(documents).toEqual(["/download"]);
  await expect(page.getByRole("heading", { name: "Save the page, not the trackers" })).toBeVisible();
  await expect(page.locator("#features article")).toHaveCount(6);
  await expect(page.getByRole("heading", { name: "Join Our Beta Testing Program" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Buy Me a Coffee/ })).toBeVisible();
  await expect(page.locator('[data-carousel="hero-demo"] .phone-screen').first()).toContainText("My Links");
});

test("server-rendered islands keep their HTML after hydration and their links and events work", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { seen: string[] }).seen = [];
    addEventListener("analytics:event", (e) => (window as unknown as { seen: string[] }).seen.push((e as CustomEvent).detail.name));
  });
  await expect(page.locator("#features article")).toHaveCount(6);
  await page.getByRole("link", { name: /Notify Me when macOS/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  const events = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(events).toContain("coming_soon_notify_click");
});

// /de/home: a page in another language hydrates with the messages its loaders sent.
for (const path of ["/home", "/de/home", "/features", "/download", "/about", "/waitlist", "/promotion"]) {
  test(`${path} hydrates without errors (no hydration mismatch, nothing in the console)`, async ({ page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}
