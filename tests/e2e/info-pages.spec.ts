import { expect, test, type Page } from "@playwright/test";
import { siteConfig } from "../../app/config/site";
import { FEATURE_GRID, localizedFeatures } from "../../app/content/features";
import { englishT } from "../support/english";
import { waitForHydration } from "./helpers";

// The information pages (spec section 2): reached from the shared footer and header, the landing
// grid's "Learn more" links land on their feature (axe-core checks them in accessibility.spec.ts).

const PAGES = [
  { path: "/features", footer: "Features", h1: /Every feature/ },
  { path: "/how-it-works", footer: "How It Works", h1: /Save it once/ },
  { path: "/pricing", footer: "Pricing", h1: /Free to start/ },
  { path: "/download", footer: "Download", h1: new RegExp(`Get ${siteConfig.appName}`) },
  { path: "/about", footer: "About Us", h1: /One developer/ },
] as const;


test.beforeEach(async ({ page }) => {
  // A stored cookie choice keeps the banner from covering links and from entering the axe scan.
  await page.addInitScript(() => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
  });
});

const footer = (page: Page) => page.locator("footer.site-footer");

test("the footer links lead to each information page, and Back returns to the landing page", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  for (const info of PAGES) {
    await footer(page).getByRole("link", { name: info.footer, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === info.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.h1);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle(new RegExp(siteConfig.appName));
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === "/home");
  }
});

test("from an information page the header leads back to the landing page's sections and home", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/pricing");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await nav.getByRole("link", { name: "Features", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/home" && url.hash === "#features");
  await expect(page.locator("#features-heading")).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/pricing");

  await page.getByRole("link", { name: `${siteConfig.appName} home` }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/" || url.pathname === "/home");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Free to start/);
});

test("/download links to /pricing, and to the App Store in a new tab", async ({ page }) => {
  await page.goto("/download");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "See plans and pricing" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pricing");
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/download");

  const store = page.getByRole("main").locator("a[data-app-store-link]").first();
  await expect(store).toHaveAttribute("href", siteConfig.appStoreUrl);
  await expect(store).toHaveAttribute("target", "_blank");
  await expect(store).toHaveAttribute("rel", /noopener/);
});

const grid = localizedFeatures(englishT, FEATURE_GRID);
for (const feature of [grid[0], grid[grid.length - 1]]) {
  test(`the landing grid's "Learn more" about ${feature?.title} lands on /features#${feature?.slug}`, async ({ page }) => {
    if (!feature) throw new Error("FEATURE_GRID is empty");
    await page.goto("/home");
    await waitForHydration(page);
    await page.locator("#features").getByRole("link", { name: `Learn more about ${feature.title}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/features" && url.hash === `#${feature.slug}`);
    const card = page.locator(`article#${feature.slug}`);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(feature.title);
    await expect(card).toBeInViewport({ ratio: 0.3 });
    // The heading is not hidden under the sticky header (polled: the scroll may still be settling).
    await expect
      .poll(async () => {
        const header = await page.locator("header.site-header").boundingBox();
        const heading = await card.getByRole("heading", { level: 3 }).boundingBox();
        return Boolean(heading && header && heading.y >= header.y + header.height);
      })
      .toBe(true);
  });
}

test("/features opened with a hash shows that feature", async ({ page }) => {
  await page.goto("/features#smart-reminders");
  await expect(page.locator("article#smart-reminders")).toBeInViewport({ ratio: 0.3 });
});

test("the billing FAQ opens one question at a time", async ({ page }) => {
  await page.goto("/pricing");
  await waitForHydration(page);
  const faq = page.locator("#faq");
  const items = faq.locator("details");
  await items.nth(0).locator("summary").click();
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open", "");
  await expect(faq.getByRole("link", { name: "Join Beta Testing" })).toHaveAttribute("href", "/waitlist");
});

for (const width of [375, 768]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const info of PAGES) {
      await page.goto(info.path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, info.path).toBeLessThanOrEqual(0);
    }
    // The comparison table fits without its own sideways scroll.
    await page.goto("/pricing");
    const table = await page.locator(".compare-scroll").evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(table).toBeLessThanOrEqual(0);
  });
}

test("pages need no data fetch from the browser: the server sends them complete", async ({ page }) => {
  const fetches: string[] = [];
  page.on("request", (request) => {
    // Not even Remix's route discovery (/__manifest): the whole route manifest comes with the page (ADR 0028).
    if (["fetch", "xhr"].includes(request.resourceType())) {
      fetches.push(request.url());
    }
  });
  for (const info of PAGES) {
    await page.goto(info.path);
    await waitForHydration(page);
  }
  expect(fetches).toEqual([]);
});
