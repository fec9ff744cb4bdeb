import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

/** Collects the paths of the page_view events the page sends; read them with `pageViews(page)`. */
async function recordPageViews(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __pageViews: string[] }).__pageViews = seen;
    window.addEventListener("analytics:event", (event) => {
      const detail = (event as CustomEvent<{ name: string; properties: { path: string } }>).detail;
      if (detail.name === "page_view") seen.push(detail.properties.path);
    });
  });
}

const pageViews = (page: Page) => page.evaluate(() => (window as unknown as { __pageViews: string[] }).__pageViews);

test("records a page view on load and on every route change", async ({ page }) => {
  await recordPageViews(page);
  // A hydrated page: its links are client-side route changes (island pages such as /home load documents).
  await page.goto("/link-sanitization");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/link-sanitization$/);
  await expect.poll(() => pageViews(page)).toEqual(["/link-sanitization", "/blog", "/link-sanitization"]);
});

test("a page that ships only its islands records its page view (ADR 0060)", async ({ page }) => {
  await recordPageViews(page);
  await page.goto("/de/blog");
  await waitForHydration(page);
  await expect.poll(() => pageViews(page)).toEqual(["/de/blog"]);
});

for (const path of ["/home", "/link-sanitization"]) {
  // /home ships only its islands; /link-sanitization is hydrated by Remix, whose effects do not run again.
  test(`${path} restored from the back/forward cache records another page view`, async ({ page }) => {
    await recordPageViews(page);
    await page.goto(path);
    await waitForHydration(page);
    await expect.poll(() => pageViews(page)).toEqual([path]);
    // Playwright's Chromium keeps no back/forward cache, so the restore is announced as the browser would.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
    await expect.poll(() => pageViews(page)).toEqual([path, path]);
  });
}
