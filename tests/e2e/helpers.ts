import { expect, type Page } from "@playwright/test";
import { WAITLIST_MIN_FILL_MS } from "../../app/lib/constants";

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The waitlist time trap drops forms sent faster than a person types: wait like a person. */
export async function waitLikeAPerson(page: Page) {
  await page.waitForTimeout(WAITLIST_MIN_FILL_MS + 200);
}

export function waitlistSection(page: Page) {
  return page.locator("#waitlist");
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
