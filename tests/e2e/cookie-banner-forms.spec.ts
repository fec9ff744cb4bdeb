import { expect, test, type Locator, type Page } from "@playwright/test";
import { COOKIE_BANNER_DELAY_MS } from "../../app/lib/constants";
import { renderDeferredSections, waitForAnimationsToEnd, waitForHydration, waitForScrollToSettle, waitlistSection, waitlistSubmit } from "./helpers";

// The cookie banner never hides the sign-up form (issue 30, ADR 0046). A first visit: the banner shows
// over the page while the visitor reaches the form, scrolls to it, tabs or clicks into it and sends it.

// A first visit: nothing stored yet (the other specs start as returning visitors).
test.use({ serviceWorkers: "block", storageState: { cookies: [], origins: [] } });

// The sizes at which the banner used to hide the form (issue 30), a small phone first.
const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 1280, height: 720 },
  { width: 1366, height: 650 },
];

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
const emailField = (page: Page) => waitlistSection(page).locator('input[name="email"]');

/** How an element sits on the screen now: under the banner, inside the viewport below the sticky header, hit by a click at its centre. */
function placement(element: Locator) {
  return element.evaluate((target) => {
    const bannerRect = document.querySelector('[role="region"][aria-label="Cookie consent"]')?.getBoundingClientRect();
    const headerBottom = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
    const rect = target.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return {
      underBanner: bannerRect ? rect.bottom > bannerRect.top && rect.top < bannerRect.bottom && rect.right > bannerRect.left && rect.left < bannerRect.right : false,
      onScreen: rect.top >= headerBottom && rect.bottom <= document.documentElement.clientHeight,
      receivesClicks: hit !== null && target.contains(hit),
    };
  });
}
const CLEAR = { underBanner: false, onScreen: true, receivesClicks: true };

/** Whether any of the element is on screen (between the sticky header and the bottom of the viewport). */
function partlyOnScreen(element: Locator) {
  return element.evaluate((target) => {
    const rect = target.getBoundingClientRect();
    const headerBottom = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
    return rect.bottom > headerBottom && rect.top < document.documentElement.clientHeight;
  });
}

/**
 * Scrolls the page, as far as it goes, so that the element's top is `offset` px below the banner's top
 * edge (negative: above it). On /waitlist at desktop sizes the form sits too high for that: it stays put.
 */
async function scrollToBannerEdge(page: Page, element: Locator, offset: number) {
  const bannerTop = (await banner(page).boundingBox())!.y;
  const top = (await element.boundingBox())!.y;
  await page.evaluate((by) => window.scrollBy({ top: by, behavior: "instant" }), top - (bannerTop + offset));
}

/** Loads a page as a first-time visitor and waits for the banner (after its 2 s delay) to have settled. */
async function loadWithBanner(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible({ timeout: COOKIE_BANNER_DELAY_MS + 20_000 });
  // Every section laid out, so the page does not change height while the test scrolls (ADR 0028); and first,
  // as an animation inside a section that content-visibility still skips need not advance, nor ever end.
  await renderDeferredSections(page);
  await waitForAnimationsToEnd(page);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  for (const path of ["/home", "/waitlist"]) {
    test(`${path} at ${size}: with the banner showing, the email field and the submit button stay visible and receive the click`, async ({ page }) => {
      // Reduced motion: the page scrolls at once, and the banner has no fade to wait for.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize(viewport);
      await loadWithBanner(page, path);
      const email = emailField(page);
      const submit = waitlistSubmit(page);

      // At most a third of the screen, and nothing of the form on screen is under it.
      const bannerHeight = (await banner(page).boundingBox())!.height;
      expect(bannerHeight).toBeLessThanOrEqual(viewport.height / 3);
      for (const element of [email, submit]) {
        if (await partlyOnScreen(element)) expect((await placement(element)).underBanner).toBe(false);
      }

      // Keyboard: the visitor follows a link to the form (as "Join the beta" on /home does) and tabs
      // through it; each field and the button are clear of the banner as they get focus.
      await page.evaluate(() => {
        window.location.hash = "waitlist";
      });
      // The browser jumps to the section, and the router's scroll restoration may follow.
      await waitForScrollToSettle(page);
      for (let presses = 0; presses < 8 && !(await submit.evaluate((button) => button === document.activeElement)); presses++) {
        await page.keyboard.press("Tab");
        const focused = page.locator(":focus");
        expect(await focused.evaluate((element) => element.closest("#waitlist form") !== null)).toBe(true);
        await expect.poll(() => placement(focused)).toEqual(CLEAR);
      }
      await expect(submit).toBeFocused();

      // Pointer: the visitor scrolls down until the top of the email field shows above the banner and
      // clicks the part they can see; the field and the form's submit button come clear of the banner.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await scrollToBannerEdge(page, email, -12);
      const bannerTop = (await banner(page).boundingBox())!.y;
      const emailBox = (await email.boundingBox())!;
      // The lowest part of the field that shows above the banner.
      await page.mouse.click(emailBox.x + emailBox.width / 2, Math.min(bannerTop, emailBox.y + emailBox.height) - 6);
      await expect(email).toBeFocused();
      await expect.poll(() => placement(email)).toEqual(CLEAR);
      await expect.poll(() => placement(submit)).toEqual(CLEAR);
      await page.keyboard.type("reader@example.com");

      // A click where the visitor sees the button reaches the button (held back here: nothing is sent).
      await page.evaluate(() => {
        document.addEventListener(
          "click",
          (event) => {
            const button = (event.target as Element).closest('button[type="submit"]');
            document.documentElement.dataset.clicked = button?.closest("#waitlist") ? "submit" : String((event.target as Element).tagName);
            event.preventDefault();
          },
          { capture: true, once: true },
        );
      });
      const submitBox = (await submit.boundingBox())!;
      await page.mouse.click(submitBox.x + submitBox.width / 2, submitBox.y + submitBox.height / 2);
      await expect(page.locator("html")).toHaveAttribute("data-clicked", "submit");
      await expect(banner(page)).toBeVisible();
    });
  }
}
