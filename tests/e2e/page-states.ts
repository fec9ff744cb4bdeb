/**
 * Checks of a page state, for the specs that walk through many (the waitlist's email pages, the
 * sign-up screens): axe-core on the main content in light and dark, no sideways scrolling at 320 px,
 * and, with E2E_SCREENSHOTS=1, screenshots for the eye at 320, 375, 768 and 1280 px (and 375 px dark).
 */
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { describeViolations, renderDeferredSections, waitForAnimationsToEnd, waitForHydration } from "./helpers";

const WIDTHS = [320, 375, 768, 1280] as const;
// Screenshots are for looking at (E2E_SCREENSHOTS=1 writes them); axe and the 320 px check always run.
const TAKE_SCREENSHOTS = Boolean(process.env.E2E_SCREENSHOTS);

async function axeViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return describeViolations(results, label);
}

/** Opens a page to capture: once it has hydrated (a page without scripts, such as an email, is not waited for). */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page).catch(() => {});
}

/**
 * Shoots the page as it is now at each width (and 375 px dark) into `dir` when asked to, checks that
 * nothing is wider than a 320 px screen, and runs axe-core on the page's main content in light and
 * dark (the header and footer are checked with every public page in accessibility.spec.ts) unless the
 * name starts with "email-". Problems go to `found`.
 */
export async function capture(page: Page, dir: string, name: string, found: string[]) {
  if (TAKE_SCREENSHOTS) mkdirSync(dir, { recursive: true });
  // Two frames: a new colour scheme or width is laid out and painted (sections with content-visibility too) before the shot.
  const painted = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.emulateMedia({ reducedMotion: "reduce" });
  // From the top, so the sticky header sits where a reader first sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of TAKE_SCREENSHOTS ? (scheme === "light" ? WIDTHS : ([375] as const)) : []) {
      await page.setViewportSize({ width, height: 900 });
      await painted();
      await page.screenshot({ path: `${dir}/${name}-${width}${scheme === "dark" ? "-dark" : ""}.png`, fullPage: true });
    }
    await painted();
    if (!name.startsWith("email-")) {
      await renderDeferredSections(page);
      found.push(...(await axeViolations(page, `${name} (${scheme})`)));
    }
  }
  await page.setViewportSize({ width: 320, height: 900 });
  // Measured as a visitor sees it: laid out at the new width, with what the resize set moving at rest.
  await painted();
  await waitForAnimationsToEnd(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found.push(`${name} is ${overflow}px wider than a 320px screen`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}
