/**
 * Proof of consent (issue 16): each entry stores which version of the consent wording its form showed.
 * A version names one exact text; tests/unit/consent-wording.test.ts pins each text to its version, so
 * changing the wording without a new version fails the tests (an old entry must keep meaning what its
 * person saw). Keep retired versions here, for the record. The forms show these words from the
 * catalogues (waitlist.form.privacyNote, notify.intro.consentNote, notify.form.updatesChoice): in English
 * exactly these texts (tests/unit/waitlist-words.test.ts), in another language their translation.
 */
import { offersUpdatesChoice, type SignUpRequest } from "./sign-up-request";

export const CONSENT_WORDINGS = {
  "waitlist-2026-11": "No spam, ever. Just beta invitations and important updates.",
  "notify-2026-11": "One email when it is ready. No spam, unsubscribe any time.",
  // A platform request's form (issue 30): the same promise, and the "news and updates too" choice (ticked
  // or not: the entry's wants_updates records which).
  "notify-platform-2026-11": "One email when it is ready. No spam, unsubscribe any time. Also send me news and updates about the app, a few times a year.",
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
