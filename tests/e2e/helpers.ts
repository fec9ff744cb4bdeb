import type AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { DEFER_SECTIONS_CLASS } from "../../app/components/islands/deferred-sections.server";

/**
 * The sign-up forms' actions as the enhanced forms send to them: their page's action, answered as
 * Remix data (ADR 0051). The path alone is what a form sent without JavaScript posts to.
 */
export const WAITLIST_ACTION = "/waitlist?_data=routes%2F(%24lang).waitlist";
/** Route patterns (page.route, waitForRequest) for what the enhanced sign-up forms send. */
export const WAITLIST_ACTION_REQUESTS = "**/waitlist?_data=*";
export const NOTIFY_ACTION_REQUESTS = "**/notify?*_data=*";

/**
 * For `test.use` in files that route the page's own requests: page.route cannot see what a page the
 * offline service worker controls asks for, and the worker takes control soon after load (a race).
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: "block" } as const;

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export function waitlistSection(page: Page) {
  return page.locator("#waitlist");
}

/**
 * Lays out every section of the page now, as its first link click does (ADR 0028). Call before axe-core: it
 * misjudges colours inside sections that content-visibility still skips (dequelabs/axe-core#2768), now and then.
 */
export async function renderDeferredSections(page: Page) {
  await page.evaluate((name) => document.documentElement.classList.remove(name), DEFER_SECTIONS_CLASS);
}

/**
 * Resolves once no transition or animation is running: what a change of colour scheme or width set off has
 * ended (reduced motion shortens them) or been replaced by one that has. Only under reduced motion, which
 * also makes the site's infinite animations (the live dot's pulse) run once: otherwise it would never resolve.
 */
export async function waitForAnimationsToEnd(page: Page) {
  await page.evaluate(async () => {
    let running;
    while ((running = document.getAnimations().filter((animation) => animation.playState === "running")).length > 0) {
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

/** Resolves once React has hydrated the page (root sets data-hydrated on <html>). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
}

/**
 * Fake timers that do not move by themselves: only page.clock.runFor() advances them, so timing
 * tests are exact on slow machines. Call before page.goto().
 */
export async function installFrozenClock(page: Page) {
  const start = new Date("2026-01-01T09:00:00Z").getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/** The waitlist submit button; its label is the visitor's waitlist_cta A/B variant. */
export function waitlistSubmit(page: Page) {
  return waitlistSection(page).locator('button[type="submit"]');
}

/** The A/B assignment the edge rendered into the page. */
export async function abAssignments(page: Page): Promise<Record<string, { variant: string; label: string }>> {
  return JSON.parse((await page.locator("#ab-assignments").textContent()) ?? "{}");
}

/**
 * Resolves once the page has stopped scrolling (scrollY unchanged for three polls): after a smooth
 * scroll, or after the router's own scroll restoration that may follow an in-page jump.
 */
export async function waitForScrollToSettle(page: Page): Promise<void> {
  let last = Number.NaN;
  let still = 0;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        still = y === last ? still + 1 : 0;
        last = y;
        return still;
      },
      { intervals: [150], timeout: 15_000, message: "the page to stop scrolling" },
    )
    .toBeGreaterThanOrEqual(3);
}

/**
 * axe-core's violations as one line each: the rule, then every node with axe's own finding (for a
 * contrast failure, both colours and the ratio), so a failure that does not repeat can still be read.
 */
export function describeViolations(results: Awaited<ReturnType<AxeBuilder["analyze"]>>, label?: string): string[] {
  return results.violations.map(
    (v) => `${label ? `${label} ` : ""}${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")}${n.any[0] ? ` (${n.any[0].message})` : ""}`).join(", ")}`,
  );
}
