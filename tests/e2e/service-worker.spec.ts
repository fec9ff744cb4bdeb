import { expect, test, type Page } from "@playwright/test";

const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const pages = names.find((n) => n.startsWith("pages-"));
    if (!pages) return [];
    const cache = await caches.open(pages);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  });

// `/` only redirects (to the negotiated language's landing page), so the landing page is kept in its place.
test("registers /sw.js with scope / and caches /home, /blog and /link-sanitization for offline use", async ({ page, context }) => {
  await page.goto("/home");
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(new URL(scope).pathname).toBe("/");

  await expect.poll(() => keptPages(page), { timeout: 15_000 }).toEqual(["/blog", "/home", "/link-sanitization"]);

  // Offline, a cached page is still served, and the entry and a page never kept get the landing page.
  await context.setOffline(true);
  await page.goto("/blog");
  await expect(page.locator("h1").first()).toBeVisible();
  for (const path of ["/", "/features"]) {
    await page.goto(path);
    await expect(page.locator("#hero-heading"), path).toBeVisible();
  }
  await context.setOffline(false);
});

test("keeps the pages in the visitor's language, and offline answers a page of that language with its landing page", async ({ page, context }) => {
  await page.goto("/de/home");
  await expect.poll(() => keptPages(page), { timeout: 15_000 }).toEqual(["/de/blog", "/de/home", "/de/link-sanitization"]);
  await context.setOffline(true);
  await page.goto("/de/features");
  await expect(page.locator("#hero-heading")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await context.setOffline(false);
});

test("serves the worker uncached so a deploy is picked up at once", async ({ request }) => {
  const response = await request.get("/sw.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const body = await response.text();
  expect(body).not.toContain("__BUILD_VERSION__");
  expect(body).toMatch(/const VERSION = "[a-z0-9]+"/);
});
