/**
 * Proof of consent (issue 16): each entry stores which version of the consent wording its form showed.
 * A version names one exact text; tests/unit/consent-wording.test.ts pins each text to its version, so
 * changing the wording without a new version fails the tests (an old entry must keep meaning what its
 * person saw). Keep retired versions here, for the record.
 */
import { NOTIFY_TEXT, WAITLIST_TEXT } from "~/lib/messages";
import { offersUpdatesChoice, type SignUpRequest } from "./sign-up-request";

export const CONSENT_WORDINGS = {
  "waitlist-2026-11": WAITLIST_TEXT.privacyNote,
  "notify-2026-11": NOTIFY_TEXT.consentNote,
  // A platform request's form (issue 30): the same promise, and the "news and updates too" choice (ticked
  // or not: the entry's wants_updates records which).
  "notify-platform-2026-11": `${NOTIFY_TEXT.consentNote} ${NOTIFY_TEXT.updatesChoice}`,
} as const;

export type ConsentWordingVersion = keyof typeof CONSENT_WORDINGS;

/** The version each form shows today. */
export const CURRENT_CONSENT_WORDING = {
  waitlist: "waitlist-2026-11",
  notify: "notify-2026-11",
  notifyPlatform: "notify-platform-2026-11",
} as const satisfies Record<string, ConsentWordingVersion>;

/** The version a form showed: the notify form shows its updates choice on a platform request only. */
export function consentWordingFor(form: "waitlist" | "notify", request: SignUpRequest): ConsentWordingVersion {
  if (form === "notify" && offersUpdatesChoice(request)) return CURRENT_CONSENT_WORDING.notifyPlatform;
  return CURRENT_CONSENT_WORDING[form];
}
