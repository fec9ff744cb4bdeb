import { expect, test, type Page } from "@playwright/test";
import { DEFER_SECTIONS_CLASS } from "../../app/components/islands/deferred-sections.server";
import { waitForHydration, waitForScrollToSettle } from "./helpers";

// Off-screen sections skip their first rendering (content-visibility) while the class is on <html>;
// every way of scrolling by position must still land where it should (ADR 0028).

const deferred = (page: Page) => page.evaluate((name) => document.documentElement.classList.contains(name), DEFER_SECTIONS_CLASS);

/** The target's top once the smooth scroll has settled. */
async function settledTop(page: Page, id: string): Promise<number> {
  await waitForScrollToSettle(page);
  return page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
}

/** scroll-padding-top of <html> (the sticky header's room), in px. */
const scrollPadding = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));

/** Clicks an in-page link to #id the way a visitor would (a link in the page, not a URL change). */
async function clickAnchor(page: Page, id: string) {
  await page.evaluate((target) => {
    const link = document.createElement("a");
    link.href = `#${target}`;
    link.textContent = "jump";
    document.body.insertBefore(link, document.body.firstChild);
    link.click();
    link.remove();
  }, id);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("in-page anchors land their section under the header while the page's code is still loading", async ({ page }) => {
      // Hold every script back until the jump has been checked (not for a fixed time, which a slow
      // machine can outlast): the head script alone must make the jump right.
      let releaseScripts!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route(/\/build\/.*\.js(\?.*)?$/, async (route) => {
        await scriptsHeld;
        await route.continue().catch(() => {});
      });
      try {
        // DOMContentLoaded waits for the (module) scripts held here: wait for the parsed page instead.
        await page.goto("/home", { waitUntil: "commit" });
        await page.locator("footer").waitFor({ state: "attached" });
        expect(await deferred(page)).toBe(true);
        await clickAnchor(page, "faq");
        expect(await deferred(page)).toBe(false);
        expect(Math.abs((await settledTop(page, "faq")) - (await scrollPadding(page)))).toBeLessThanOrEqual(2);
        expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
      } finally {
        releaseScripts();
      }
    });

    for (const id of ["features", "how-it-works", "faq", "waitlist"]) {
      test(`#${id} lands under the header after hydration`, async ({ page }) => {
        await page.goto("/home");
        await waitForHydration(page);
        await clickAnchor(page, id);
        expect(Math.abs((await settledTop(page, id)) - (await scrollPadding(page)))).toBeLessThanOrEqual(2);
      });
    }
  });
}

test("the header's Features link lands its target", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/home");
  await page.getByRole("banner").getByRole("link", { name: "Features" }).click();
  expect(Math.abs((await settledTop(page, "features")) - (await scrollPadding(page)))).toBeLessThanOrEqual(2);
});

test("sections are deferred only on a fresh navigation without a fragment", async ({ page }) => {
  await page.goto("/home");
  expect(await deferred(page)).toBe(true);
  // The browser's own jump to a fragment needs real heights.
  await page.goto("/home#faq");
  expect(await deferred(page)).toBe(false);
  // So does a reload's restored scroll position.
  await page.goto("/home");
  await page.reload();
  expect(await deferred(page)).toBe(false);
});

const topOf = (page: Page, id: string) => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id);

test("a reload after a jump past deferred sections restores the same place", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  // A jump (like dragging the scrollbar): the sections passed over never rendered.
  await page.locator("#reviews-heading").scrollIntoViewIfNeeded();
  const before = Math.round(await settledTop(page, "reviews"));
  await page.reload();
  await waitForHydration(page);
  await expect.poll(async () => Math.abs((await topOf(page, "reviews")) - before)).toBeLessThanOrEqual(1);
});

test("what the visitor sees stays in place when the deferred sections take their real heights", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await page.locator("#faq-heading").scrollIntoViewIfNeeded();
  const before = Math.round(await settledTop(page, "faq"));
  expect(await deferred(page)).toBe(true);
  // Any click on a link ends the deferral; this one goes nowhere, so the page stays to be measured. It is
  // out of the flow: a line added to the page would itself move what the visitor sees.
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/home";
    link.textContent = "stay";
    link.style.position = "fixed";
    link.addEventListener("click", (event) => event.preventDefault());
    const faq = document.querySelector("#faq")!;
    faq.insertBefore(link, faq.firstChild);
    link.click();
    link.remove();
  });
  expect(await deferred(page)).toBe(false);
  expect(Math.abs((await topOf(page, "faq")) - before)).toBeLessThanOrEqual(1); // sub-pixel rounding
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("nothing is deferred: nothing could undo it", async ({ page }) => {
    await page.goto("/home");
    expect(await page.locator(`html.${DEFER_SECTIONS_CLASS}`).count()).toBe(0);
  });
});
