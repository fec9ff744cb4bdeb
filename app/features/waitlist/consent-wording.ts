/**
 * Proof of consent (issue 16): each entry stores which version of the consent wording its form showed.
 * A version names one exact text; tests/unit/consent-wording.test.ts pins each text to its version, so
 * changing the wording without a new version fails the tests (an old entry must keep meaning what its
 * person saw). Keep retired versions here, for the record.
 */
import { NOTIFY_TEXT, WAITLIST_TEXT } from "~/lib/messages";

export const CONSENT_WORDINGS = {
  "waitlist-2026-11": WAITLIST_TEXT.privacyNote,
  "notify-2026-11": NOTIFY_TEXT.consentNote,
} as const;

export type ConsentWordingVersion = keyof typeof CONSENT_WORDINGS;

/** The version each form shows today. */
export const CURRENT_CONSENT_WORDING = {
  waitlist: "waitlist-2026-11",
  notify: "notify-2026-11",
} as const satisfies Record<string, ConsentWordingVersion>;
