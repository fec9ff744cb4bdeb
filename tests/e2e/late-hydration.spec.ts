import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Late-hydrated sections (ADR 0026): below-the-fold interactive sections of /home whose code is not
// part of the first page load. They arrive in chunks of their own after hydration has started.

const LATE_CHUNK = /\/build\/_shared\/(FaqSection|HowItWorksTabs|ReviewsSection|RoadmapTabs|ScreenshotsCarousel|V2Showcase|WaitlistSection)-[A-Z0-9]+\.js$/;

test("the late sections' code is not preloaded with the page, yet every one of them becomes interactive", async ({ page }) => {
  const html = await (await page.request.get("/home")).text();
  // Not named by the document: neither preloaded nor imported by the first page's modules.
  expect(html).not.toMatch(/(FaqSection|RoadmapTabs|V2Showcase|WaitlistSection)-[A-Z0-9]+\.js/);

  const loaded: string[] = [];
  page.on("request", (request) => {
    if (LATE_CHUNK.test(new URL(request.url()).pathname)) loaded.push(new URL(request.url()).pathname);
  });
  await page.goto("/home");
  await waitForHydration(page);
  expect(loaded).toHaveLength(7);
  const faq = page.locator("#faq details").nth(2);
  await faq.locator("summary").click();
  await expect(faq).toHaveAttribute("open", "");
});

test("a late section whose code cannot load does not take the page down: the rest hydrates and works", async ({ page }) => {
  await page.route(/\/build\/_shared\/FaqSection-[A-Z0-9]+\.js$/, (route) => route.abort());
  await page.goto("/home");
  // The FAQ arrives as the server rendered it, complete.
  await expect(page.locator("#faq details")).toHaveCount(11);
  // The other sections hydrate: the roadmap's tabs switch.
  const tabs = page.getByRole("tablist", { name: /roadmap|version/i });
  await expect(async () => {
    await tabs.getByRole("tab").nth(1).click();
    await expect(tabs.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true", { timeout: 500 });
  }).toPass({ timeout: 60_000 }); // hydration on a loaded machine can take many seconds
  // No error page: the landing page is still there. (React may report a recoverable error for the
  // FAQ's boundary if an update reaches it while it waits for its code: ADR 0026, consequences.)
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.locator("#hero-heading")).toBeVisible();
});
