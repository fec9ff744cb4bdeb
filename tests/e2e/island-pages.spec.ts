import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Pages that ship only their islands (ADR 0060): rendered by React on the server, but the browser gets
// no Remix context, no route modules and no hydration of the document. /blog is one.

function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test("/blog loads only the island bundle (no Remix client, no route module, no Remix context), and its shell still works", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const scripts = scriptRequests(page);
  await page.goto("/blog");
  await waitForHydration(page);
  expect(await page.evaluate(() => "__remixContext" in window || "__remixManifest" in window)).toBe(false);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !path.startsWith("/build/islands/"))).toEqual([]);
  await expect(page.getByTestId("post-list").locator(":scope > li").first()).toBeVisible();

  // The footer's buttons: Copy Link copies the address, Cookie settings opens the banner's choices with focus in them.
  const footer = page.locator("footer");
  await footer.getByRole("button", { name: "Copy Link" }).click();
  await expect(footer.getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog`);
  await footer.getByRole("button", { name: "Cookie settings" }).click();
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading")).toBeFocused();
  await banner.getByRole("button", { name: "Save Preferences" }).click();
  await expect(banner).toHaveCount(0);
});

test("/blog asks for its scripts only after it has loaded, so they never compete with its first paint", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"));
    return { load: navigation.loadEventStart, scripts: scripts.length, earliest: Math.min(...scripts.map((entry) => entry.startTime)) };
  });
  expect(timing.scripts).toBeGreaterThan(0);
  expect(timing.earliest).toBeGreaterThanOrEqual(timing.load);
});

test("on a small screen, Escape closes /blog's menu and its language switcher", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/blog");
  await waitForHydration(page);
  const menu = page.locator("details.mobile-menu");
  await menu.locator(":scope > summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(menu.locator(":scope > summary")).toBeFocused();
});

test("/home loads only the landing island bundle, after load, and its sections are interactive without Remix", async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto("/home");
  await waitForHydration(page);
  expect(await page.evaluate(() => "__remixContext" in window || "__remixManifest" in window)).toBe(false);
  expect(scripts.filter((path) => !path.startsWith("/build/islands/"))).toEqual([]);
  expect(scripts.some((path) => path.startsWith("/build/islands/landing-entry-"))).toBe(true);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith(".js"));
    return { load: navigation.loadEventStart, earliest: Math.min(...scripts.map((entry) => entry.startTime)) };
  });
  expect(timing.earliest).toBeGreaterThanOrEqual(timing.load);

  // Hydrated as the page island, down to the last sections: the roadmap's tabs switch, and a notify
  // link opens the modal instead of leaving for /notify.
  const tabs = page.getByRole("tablist", { name: /roadmap|version/i });
  await tabs.getByRole("tab").nth(1).click();
  await expect(tabs.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");
  await page.getByRole("link", { name: /Notify Me when Android/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/home");
});

test("/home's page island is a module of its own, imported once the shell has booted and preloaded with it (no second round trip)", async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto("/home");
  await waitForHydration(page);
  const { preloaded, entry } = await page.evaluate(() => ({
    preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
    entry: performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).find((path) => path.startsWith("/build/islands/landing-entry-")),
  }));
  const landingEntry = await (await page.request.get(entry ?? "")).text();
  // The entry imports nothing statically that the page island needs: its module is a dynamic import.
  expect(landingEntry).toMatch(/import\(["']\.\/chunk-[\w-]+\.js["']\)/);
  const islandModule = `/build/islands/${/import\(["']\.\/(chunk-[\w-]+\.js)["']\)/.exec(landingEntry)?.[1]}`;
  expect(preloaded).toContain(islandModule);
  expect(scripts).toContain(islandModule);
});

test.describe("a first visit", () => {
  test.use({ serviceWorkers: "block", storageState: { cookies: [], origins: [] } });

  test("/blog shows the cookie banner, and Accept All stores the choice", async ({ page }) => {
    await page.goto("/blog");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Accept All" }).click();
    await expect(banner).toHaveCount(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookie-consent"))) ?? "null")).toMatchObject({ analytics: true, marketing: true });
  });
});
