import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Late-hydrated sections (ADR 0026): below-the-fold interactive sections of /home whose code is not
// part of the first page load. Their code arrives as one chunk after hydration has started.

const LATE_CHUNK = /\/build\/_shared\/late-section-code-[A-Z0-9]+\.js$/;

test("the late sections' code is not preloaded with the page, arrives in one request, and every section becomes interactive", async ({ page }) => {
  const html = await (await page.request.get("/home")).text();
  // Not named by the document: neither preloaded nor imported by the first page's modules.
  expect(html).not.toMatch(/(late-section-code|FaqSection|RoadmapTabs|V2Showcase|WaitlistSection)-[A-Z0-9]+\.js/);

  const loaded: string[] = [];
  page.on("request", (request) => {
    if (LATE_CHUNK.test(new URL(request.url()).pathname)) loaded.push(new URL(request.url()).pathname);
  });
  await page.goto("/home");
  await waitForHydration(page);
  expect(loaded).toHaveLength(1);
  const faq = page.locator("#faq details").nth(2);
  await faq.locator("summary").click();
  await expect(faq).toHaveAttribute("open", "");
  const tabs = page.getByRole("tablist", { name: /roadmap|version/i });
  await tabs.getByRole("tab").nth(1).click();
  await expect(tabs.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");
});

test("when the late sections' code cannot load, they stay as served and the rest of the page hydrates and works", async ({ page }) => {
  await page.route(LATE_CHUNK, (route) => route.abort());
  await page.goto("/home");
  // The FAQ arrives as the server rendered it, complete, and its answers open as they do without JavaScript.
  await expect(page.locator("#faq details")).toHaveCount(11);
  const faq = page.locator("#faq details").nth(2);
  await faq.locator("summary").click();
  await expect(faq).toHaveAttribute("open", "");
  // The hero, hydrated with the page, works: its demo moves with its dots.
  const demo = page.locator('[data-carousel="hero-demo"]');
  await expect(async () => {
    await demo.getByRole("button", { name: "Show Categories screen" }).click();
    await expect(demo.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toContainText("Categories", { timeout: 500 });
  }).toPass({ timeout: 60_000 }); // hydration on a loaded machine can take many seconds
  // No error page: the landing page is still there.
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.locator("#hero-heading")).toBeVisible();
});
