import { expect, test } from "@playwright/test";

test("registers /sw.js with scope / and caches /, /blog and /link-sanitization for offline use", async ({ page, context }) => {
  await page.goto("/home");
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(new URL(scope).pathname).toBe("/");

  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = await caches.keys();
          const pages = names.find((n) => n.startsWith("pages-"));
          if (!pages) return [];
          const cache = await caches.open(pages);
          return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
        }),
      { timeout: 15_000 },
    )
    .toEqual(expect.arrayContaining(["/"]));

  // Offline, a cached page is still served.
  await context.setOffline(true);
  await page.goto("/");
  await expect(page.locator("h1").first()).toBeVisible();
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
