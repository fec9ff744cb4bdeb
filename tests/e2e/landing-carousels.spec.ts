import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  HEADER_CAROUSEL_INTERVAL_MS,
  SCREENSHOTS_INTERVAL_MS,
  SWIPE_THRESHOLD_PX,
  V2_SHOWCASE_INTERVAL_MS,
} from "../../app/lib/constants";

// The landing page's carousels (spec sections 2 and 9): the hero's phone demo, the product tour
// ("header carousel"), the V2 showcase and the app screenshots. The page clock is installed and
// paused before the page loads, so nothing rotates unless a test advances time.

declare global {
  interface Window {
    __carouselEvents: { name: string; properties: Record<string, unknown> }[];
  }
}

const START = new Date("2025-06-01T09:00:00.000Z");

const carousel = (page: Page, name: "hero-demo" | "tour" | "v2" | "screenshots") =>
  page.locator(`[data-carousel="${name}"]`);
/** The one slide that is shown (the others carry aria-hidden="true"). */
const shownSlide = (root: Locator) => root.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');

/** Exactly one slide is shown (a locator matching several fails strict mode) and it is slide n. */
async function expectSlide(root: Locator, n: number, total: number) {
  await expect(shownSlide(root)).toHaveAttribute("aria-label", `${n} of ${total}`);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // A stored cookie choice keeps the banner from covering the controls.
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
    window.__carouselEvents = [];
    addEventListener("analytics:event", (event) => {
      const { name, properties } = (event as CustomEvent<{ name: string; properties: Record<string, unknown> }>).detail;
      window.__carouselEvents.push({ name, properties });
    });
  });
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START.getTime() + 1000);
});

/** Loads /home and waits until React has hydrated (root marks <html data-hydrated>), timers armed. */
async function load(page: Page) {
  await page.goto("/home");
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
}

/** Takes the pointer and the focus out of every carousel, so auto-advance may run again. */
async function leave(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** A horizontal mouse drag across the middle of `area` (pointer events, as the carousels use). */
async function drag(page: Page, area: Locator, dx: number) {
  await area.scrollIntoViewIfNeeded();
  const box = await area.boundingBox();
  if (!box) throw new Error("swipe area is not visible");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 5 });
  await page.mouse.up();
}

const events = (page: Page, name: string) =>
  page.evaluate((n) => window.__carouselEvents.filter((e) => e.name === n).map((e) => e.properties), name);

test.describe("hero phone demo", () => {
  test("shows four mock screens, moves with the dots and never on a timer", async ({ page }) => {
    await load(page);
    const demo = carousel(page, "hero-demo");
    await expect(demo).toHaveAttribute("aria-roledescription", "carousel");
    await expect(demo).toHaveAttribute("aria-label", "App preview");
    await expect(demo.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expectSlide(demo, 1, 4);

    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS * 3);
    await expectSlide(demo, 1, 4);

    for (const [i, name] of ["Categories", "Link Detail", "Add Link", "My Links"].entries()) {
      const dot = demo.getByRole("button", { name: `Show ${name} screen` });
      await dot.click();
      await expect(shownSlide(demo)).toContainText(name);
      if (i === 0) {
        await expectSlide(demo, 3, 4);
        await expect(dot).toHaveAttribute("aria-current", "true");
        await expect(demo.locator('button[aria-current="true"]')).toHaveCount(1);
      }
    }
    // Hidden screens are out of the tab order and the accessibility tree.
    await expect(demo.locator('[aria-roledescription="slide"][aria-hidden="true"][inert]')).toHaveCount(3);
  });

  test("draws its other screens only once the visitor turns to it, and nothing on the page starts Intl before", async ({ page }) => {
    // The first Intl formatter a page makes loads ICU's data: 10-15 ms of main thread at load (the demo's plurals).
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { __intlMade: string[] }).__intlMade = made;
      for (const name of ["PluralRules", "NumberFormat", "DateTimeFormat", "ListFormat"] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
          construct: (target, args) => (made.push(name), new target(...(args as unknown[]))),
        });
      }
      const toLocaleString = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof toLocaleString>) {
        made.push("toLocaleString");
        return toLocaleString.apply(this, args);
      };
    });
    await load(page);
    const demo = carousel(page, "hero-demo");
    const drawings = demo.locator('[aria-roledescription="slide"] > [aria-hidden="true"]');
    await expect(drawings.first()).not.toBeEmpty();
    // Long past the idle time when the screens' code is fetched.
    await page.clock.runFor(10_000);
    for (const i of [1, 2, 3]) await expect(drawings.nth(i)).toBeEmpty();
    expect(await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade)).toEqual([]);

    await demo.hover();
    for (const i of [1, 2, 3]) await expect(drawings.nth(i)).not.toBeEmpty();
  });

  test(`a swipe over ${SWIPE_THRESHOLD_PX} px switches screens; a 30 px drag does not`, async ({ page }) => {
    await load(page);
    const demo = carousel(page, "hero-demo");
    const screen = demo.locator(".phone-screen");
    await expect(screen).toHaveCSS("touch-action", "pan-y");

    await drag(page, screen, -(SWIPE_THRESHOLD_PX + 10));
    await expectSlide(demo, 2, 4);
    await drag(page, screen, -30);
    await expectSlide(demo, 2, 4);
    await drag(page, screen, 30);
    await expectSlide(demo, 2, 4);
    await drag(page, screen, SWIPE_THRESHOLD_PX + 10);
    await expectSlide(demo, 1, 4);
    // Wraps around backwards.
    await drag(page, screen, SWIPE_THRESHOLD_PX + 10);
    await expectSlide(demo, 4, 4);
  });

  test("ArrowLeft and ArrowRight move it while focus is inside", async ({ page }) => {
    await load(page);
    const demo = carousel(page, "hero-demo");
    await demo.getByRole("button", { name: "Show My Links screen" }).focus();
    await page.keyboard.press("ArrowRight");
    await expectSlide(demo, 2, 4);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectSlide(demo, 4, 4);
  });
});

test.describe("product tour (header carousel)", () => {
  test(`advances after exactly ${HEADER_CAROUSEL_INTERVAL_MS} ms and wraps around`, async ({ page }) => {
    await load(page);
    const tour = carousel(page, "tour");
    await expect(tour).toHaveAttribute("aria-roledescription", "carousel");
    await expect(tour).toHaveAttribute("aria-label", "Product tour");
    await expectSlide(tour, 1, 4);
    await expect(shownSlide(tour)).toContainText("Home Screen");

    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS - 100);
    await expectSlide(tour, 1, 4);
    await page.clock.runFor(200);
    await expectSlide(tour, 2, 4);
    await expect(shownSlide(tour)).toContainText("Add Link");

    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS);
    await expectSlide(tour, 3, 4);
    await expect(shownSlide(tour)).toContainText("Categories");
    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS);
    await expectSlide(tour, 4, 4);
    await expect(shownSlide(tour)).toContainText("Link Detail");
    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS);
    await expectSlide(tour, 1, 4);
  });

  test("Pause tour stops it and Play tour starts it again", async ({ page }) => {
    await load(page);
    const tour = carousel(page, "tour");
    await tour.getByRole("button", { name: "Pause tour" }).click();
    await expect(tour.getByRole("button", { name: "Play tour" })).toBeVisible();
    await leave(page);
    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS * 3);
    await expectSlide(tour, 1, 4);

    await tour.getByRole("button", { name: "Play tour" }).click();
    await expect(tour.getByRole("button", { name: "Pause tour" })).toBeVisible();
    await leave(page);
    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS);
    await expectSlide(tour, 2, 4);
  });

  test("previous, next, step buttons and arrow keys", async ({ page }) => {
    await load(page);
    const tour = carousel(page, "tour");
    const next = tour.getByRole("button", { name: "Next slide" });
    const previous = tour.getByRole("button", { name: "Previous slide" });
    await next.click();
    await expectSlide(tour, 2, 4);
    await previous.click();
    await expectSlide(tour, 1, 4);
    await previous.click();
    await expectSlide(tour, 4, 4);
    await next.click();
    await expectSlide(tour, 1, 4);

    const step = tour.getByRole("button", { name: "Show Categories slide" });
    await step.click();
    await expectSlide(tour, 3, 4);
    await expect(step).toHaveAttribute("aria-current", "true");

    // Tab reaches the controls; arrow keys move the carousel from anywhere inside it.
    await previous.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(next).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expectSlide(tour, 4, 4);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectSlide(tour, 2, 4);
  });

  test("hovering pauses it; it carries on when the pointer leaves", async ({ page }) => {
    await load(page);
    const tour = carousel(page, "tour");
    await tour.locator(".swipe-area").hover();
    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS * 2);
    await expectSlide(tour, 1, 4);
    await page.mouse.move(1, 1);
    await page.clock.runFor(HEADER_CAROUSEL_INTERVAL_MS);
    await expectSlide(tour, 2, 4);
  });

  test(`a swipe over ${SWIPE_THRESHOLD_PX} px changes the slide; a 30 px drag does not`, async ({ page }) => {
    await load(page);
    const tour = carousel(page, "tour");
    const area = tour.locator(".swipe-area");
    await expect(area).toHaveCSS("touch-action", "pan-y");
    await drag(page, area, -(SWIPE_THRESHOLD_PX + 10));
    await expectSlide(tour, 2, 4);
    await drag(page, area, -30);
    await expectSlide(tour, 2, 4);
    await drag(page, area, SWIPE_THRESHOLD_PX + 10);
    await expectSlide(tour, 1, 4);
  });
});

test.describe("V2 showcase", () => {
  const FEATURES = ["Cloud sync", "Collaboration", "AI organisation", "Privacy", "Smart reminders", "Universal access"];

  test(`auto-play rotates every ${V2_SHOWCASE_INTERVAL_MS} ms and wraps around`, async ({ page }) => {
    await load(page);
    const v2 = carousel(page, "v2");
    await expect(v2).toHaveAttribute("aria-roledescription", "carousel");
    await expect(v2.getByRole("tab")).toHaveCount(FEATURES.length);
    for (const name of FEATURES) await expect(v2.getByRole("tab", { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(v2.getByRole("button", { name: "Auto-play" })).toHaveAttribute("aria-pressed", "true");
    await expect(v2.getByRole("tab", { name: /^Cloud sync/ })).toHaveAttribute("aria-selected", "true");

    await page.clock.runFor(V2_SHOWCASE_INTERVAL_MS - 100);
    await expectSlide(v2, 1, 6);
    await page.clock.runFor(200);
    await expectSlide(v2, 2, 6);
    await expect(v2.getByRole("tab", { name: /^Collaboration/ })).toHaveAttribute("aria-selected", "true");
    // The three collaboration roles are named visibly.
    for (const role of ["Owner", "Editor", "Viewer"]) {
      await expect(shownSlide(v2).getByText(role, { exact: true })).toBeVisible();
    }

    for (let n = 3; n <= 6; n++) {
      await page.clock.runFor(V2_SHOWCASE_INTERVAL_MS);
      await expectSlide(v2, n, 6);
    }
    await page.clock.runFor(V2_SHOWCASE_INTERVAL_MS);
    await expectSlide(v2, 1, 6);
    // Rotation is not a visitor's choice: nothing is tracked.
    expect(await events(page, "feature_card_click")).toEqual([]);
  });

  test("the auto-play switch stops and restarts rotation", async ({ page }) => {
    await load(page);
    const v2 = carousel(page, "v2");
    const toggle = v2.getByRole("button", { name: "Auto-play" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await leave(page);
    await page.clock.runFor(V2_SHOWCASE_INTERVAL_MS * 3);
    await expectSlide(v2, 1, 6);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await leave(page);
    await page.clock.runFor(V2_SHOWCASE_INTERVAL_MS);
    await expectSlide(v2, 2, 6);
  });

  const tab = (v2: Locator, name: string) => v2.getByRole("tab", { name: new RegExp(`^${name}`) });

  test("clicking a tab or previous/next picks a feature and tracks feature_card_click", async ({ page }) => {
    await load(page);
    const v2 = carousel(page, "v2");
    await tab(v2, "Privacy").click();
    await expect(tab(v2, "Privacy")).toHaveAttribute("aria-selected", "true");
    await expectSlide(v2, 4, 6);
    await expect(v2.getByRole("tabpanel")).toContainText(/end-to-end encryption/i);

    await v2.getByRole("button", { name: "Next feature" }).click();
    await expectSlide(v2, 5, 6);
    await v2.getByRole("button", { name: "Previous feature" }).click();
    await v2.getByRole("button", { name: "Previous feature" }).click();
    await expectSlide(v2, 3, 6);
    await tab(v2, "Universal access").click();
    await v2.getByRole("button", { name: "Next feature" }).click();
    await expectSlide(v2, 1, 6);

    expect(await events(page, "feature_card_click")).toEqual([
      { feature: "privacy" },
      { feature: "smart-reminders" },
      { feature: "privacy" },
      { feature: "ai-organisation" },
      { feature: "universal-access" },
      { feature: "cloud-sync" },
    ]);
  });

  test("the feature list is a tablist: arrow keys, Home and End", async ({ page }) => {
    await load(page);
    const v2 = carousel(page, "v2");
    await tab(v2, "Cloud sync").focus();
    await page.keyboard.press("ArrowDown");
    await expect(tab(v2, "Collaboration")).toBeFocused();
    await expect(tab(v2, "Collaboration")).toHaveAttribute("aria-selected", "true");
    await expectSlide(v2, 2, 6);
    // One step per key press: the carousel's own arrow handling does not move it a second time.
    await page.keyboard.press("ArrowRight");
    await expectSlide(v2, 3, 6);
    await page.keyboard.press("End");
    await expect(tab(v2, "Universal access")).toBeFocused();
    await expectSlide(v2, 6, 6);
    await page.keyboard.press("ArrowRight");
    await expectSlide(v2, 1, 6);
    await page.keyboard.press("ArrowLeft");
    await expectSlide(v2, 6, 6);
    await page.keyboard.press("Home");
    await expect(tab(v2, "Cloud sync")).toBeFocused();
    await expectSlide(v2, 1, 6);
    // Only the selected tab is in the tab order, and only its panel is exposed.
    await expect(v2.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await expect(v2.getByRole("tabpanel")).toHaveCount(1);
    expect(await events(page, "feature_card_click")).toHaveLength(6);
  });
});

test.describe("app screenshots", () => {
  test(`auto-advances every ${SCREENSHOTS_INTERVAL_MS} ms and wraps around`, async ({ page }) => {
    await load(page);
    const shots = carousel(page, "screenshots");
    await expect(page.locator("section#screenshots")).toBeAttached();
    await expect(shots).toHaveAttribute("aria-roledescription", "carousel");
    await expectSlide(shots, 1, 3);
    await page.clock.runFor(SCREENSHOTS_INTERVAL_MS - 100);
    await expectSlide(shots, 1, 3);
    await page.clock.runFor(200);
    await expectSlide(shots, 2, 3);
    await page.clock.runFor(SCREENSHOTS_INTERVAL_MS);
    await expectSlide(shots, 3, 3);
    await page.clock.runFor(SCREENSHOTS_INTERVAL_MS);
    await expectSlide(shots, 1, 3);
  });

  test("play/pause, previous/next and dots; each use is tracked as screenshot_click", async ({ page }) => {
    await load(page);
    const shots = carousel(page, "screenshots");
    await shots.getByRole("button", { name: "Pause screenshots" }).click();
    await leave(page);
    await page.clock.runFor(SCREENSHOTS_INTERVAL_MS * 2);
    await expectSlide(shots, 1, 3);

    await shots.getByRole("button", { name: "Next screenshot" }).click();
    await expectSlide(shots, 2, 3);
    await shots.getByRole("button", { name: "Previous screenshot" }).click();
    await shots.getByRole("button", { name: "Previous screenshot" }).click();
    await expectSlide(shots, 3, 3);
    const dot = shots.getByRole("button", { name: "Show Home screenshot" });
    await dot.click();
    await expectSlide(shots, 1, 3);
    await expect(dot).toHaveAttribute("aria-current", "true");
    expect(await events(page, "screenshot_click")).toEqual([
      { screen: "categories" },
      { screen: "home" },
      { screen: "settings" },
      { screen: "home" },
    ]);

    await shots.getByRole("button", { name: "Play screenshots" }).click();
    await expect(shots.getByRole("button", { name: "Pause screenshots" })).toBeVisible();
    await leave(page);
    await page.clock.runFor(SCREENSHOTS_INTERVAL_MS);
    await expectSlide(shots, 2, 3);
  });

  test("images have their size set and load lazily", async ({ page }) => {
    // Serve the files from the repository, so this checks the markup whatever the static routing.
    await page.route("**/images/screenshots/*.svg", (route) =>
      route.fulfill({
        contentType: "image/svg+xml",
        body: readFileSync(`public/images/screenshots/${new URL(route.request().url()).pathname.split("/").pop()}`),
      }),
    );
    await load(page);
    const images = carousel(page, "screenshots").locator("img");
    await expect(images).toHaveCount(3);
    for (const name of ["home", "categories", "settings"]) {
      const img = carousel(page, "screenshots").locator(`img[src="/images/screenshots/${name}.svg"]`);
      await expect(img).toHaveAttribute("width", "390");
      await expect(img).toHaveAttribute("height", "844");
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("alt", /LinkVault/);
    }
    const first = images.first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("an image that fails to load is replaced by a named box", async ({ page }) => {
    await page.route("**/images/screenshots/categories.svg", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await load(page);
    const shots = carousel(page, "screenshots");
    await shots.getByRole("button", { name: "Show Categories screenshot" }).click();
    await expectSlide(shots, 2, 3);
    const slide = shownSlide(shots);
    await expect(slide.getByText("Screenshot unavailable")).toBeVisible();
    await expect(slide.locator(".screenshot-fallback")).toContainText("Categories");
    await expect(slide.locator("img")).toHaveCount(0);
  });
});

test("prefers-reduced-motion stops every auto-advancing carousel", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await load(page);
  await page.clock.runFor(Math.max(HEADER_CAROUSEL_INTERVAL_MS, V2_SHOWCASE_INTERVAL_MS, SCREENSHOTS_INTERVAL_MS) * 3);
  await expectSlide(carousel(page, "tour"), 1, 4);
  await expectSlide(carousel(page, "v2"), 1, 6);
  await expectSlide(carousel(page, "screenshots"), 1, 3);
  // The controls still work by hand.
  await carousel(page, "tour").getByRole("button", { name: "Next slide" }).click();
  await expectSlide(carousel(page, "tour"), 2, 4);
});
