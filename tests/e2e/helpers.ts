import type { Page } from "@playwright/test";
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
