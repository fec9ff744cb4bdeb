/**
 * The spec's error catalogue and the other texts the app passes on in English (sections 5 and 8), in one place.
 *
 * Languages (issue 32): the error catalogue's messages travel in English, exactly as the spec words
 * them: the schemas (browser and server), the actions' answers, analytics and section 8's mapping by
 * content (waitlistFormMessage) all read and pass on the English text. They are translated where a
 * visitor reads them, with `shownMessage(t, text)`: each catalogue text has its id in `common.errors.*`
 * (SHOWN_MESSAGES below; tests/unit/shown-messages.test.ts holds both in step). Anything else (a name,
 * an address) is shown as it is.
 *
 * - Forms on usePublicForm need nothing: it translates every message it hands the form (fields, the
 *   form's own message, `answer.message`).
 * - A message shown outside it: `const shown = useShownMessage(); <p>{shown(message)}</p>`
 *   (components/forms/useShownMessage.ts), or `shownMessage(i18nFor(lang)._, message)` on the server.
 * - A new message a visitor can read: its English constant here, its text under `common.errors` in
 *   app/locales/en.json, and a line in SHOWN_MESSAGES.
 */
import type { MessageId, MessageValues } from "~/lib/i18n/message-id";
import type { Translate } from "~/lib/i18n/react";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_SUBJECT_MAX_LENGTH } from "~/lib/constants";

export const VALIDATION_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  nameTooLong: "Please keep your name to 100 characters or fewer",
  nameLink: "Please enter just your name, without links or web addresses",
  nameInvisible: "Please remove the invisible or control characters from your name",
  emailTooLong: "Please enter a valid email address",
} as const;

/** Data-layer messages (spec section 8, "Data layer"). */
export const DATA_LAYER_MESSAGES = {
  duplicateEmail: "This email is already on our waitlist!",
  rlsPolicy: 'Please contact support and mention "RLS policy error".',
  unexpected: "An unexpected error occurred",
} as const;

/** Waitlist form messages, chosen by the content of the error message (spec section 8). */
export const WAITLIST_FORM_MESSAGES = {
  duplicate: "This email is already in our beta testing program!",
  invalidEmail: "Please enter a valid email address",
  network: "Network error. Please check your connection and try again.",
  server: "Server error. Our team has been notified. Please try again later.",
  configuration: "Server configuration issue. Please contact support.",
  fallback: "Something went wrong. Please try again later.",
} as const;

export const RATE_LIMIT_MESSAGE =
  "Too many attempts from your connection. Please wait a few minutes and try again.";

/**
 * Maps an error message to the message the waitlist form shows, exactly as the table in spec
 * section 8 reads: the first row whose text the message contains wins.
 */
export function waitlistFormMessage(errorMessage: string): string {
  const text = errorMessage.toLowerCase();
  if (text.includes("already on our waitlist")) return WAITLIST_FORM_MESSAGES.duplicate;
  if (text.includes("valid email")) return WAITLIST_FORM_MESSAGES.invalidEmail;
  if (text.includes("network") || text.includes("fetch")) return WAITLIST_FORM_MESSAGES.network;
  if (text.includes("server") || text.includes("500")) return WAITLIST_FORM_MESSAGES.server;
  if (text.includes("configuration")) return WAITLIST_FORM_MESSAGES.configuration;
  return WAITLIST_FORM_MESSAGES.fallback;
}

/** The notification modal (spec section 4): one generic error whatever went wrong. */
export const NOTIFY_TEXT = {
  /** The consent line under the notification modal's heading (NotifyIntro). */
  consentNote: "One email when it is ready. No spam, unsubscribe any time.",
  submit: "Notify Me",
  submitting: "Submitting...",
  genericError: "Something went wrong. Please try again.",
  nameRequired: "Please enter your name",
  /** The platform request's own choice (issue 30), unticked until the person ticks it. */
  updatesChoice: "Also send me news and updates about the app, a few times a year.",
} as const;

export function notifySuccessMessage(platformLabel: string, intent: "beta_testing" | "waitlist"): string {
  return intent === "beta_testing"
    ? "You're in! We'll email your beta invitation soon."
    : `Thanks! We'll let you know as soon as ${platformLabel} is ready.`;
}

/**
 * The human check's problems on the sign-up forms (Cloudflare Turnstile, ADR 0033), when it is switched
 * on; its label and no-JavaScript note are `common.forms.humanCheck*`.
 * Worded to avoid the section 8 keywords ("valid email", "network", "server", ...), so no mapping
 * turns them into another message.
 */
export const HUMAN_CHECK_MESSAGES = {
  /** The server's answer to a form sent without the check's token (JavaScript off, or not solved yet). */
  missing: "Please complete the check that you're a person, then send the form again. The check needs JavaScript turned on.",
  /** Cloudflare refused the token (invalid, expired or used before). */
  failed: "We couldn't confirm that you're a person. Please complete the check again, then send the form.",
  /** In the browser, when the form is sent before the check has finished. */
  unsolved: "Please finish the check that you're a person, just above the button, then send the form again.",
  /** In the browser, when the check's script or widget fails. */
  unavailable:
    "The check that you're a person could not start. Please check your connection (and any content blocker), then try again.",
} as const;

/** A disposable (throwaway) address, refused on the server (ADR 0033). */
export const DISPOSABLE_ADDRESS_MESSAGE =
  "Please use an email address you keep: addresses from disposable-email services expire before our invitations go out.";

/**
 * The waitlist's success card and what the form says about a pending address (issue 30). With double
 * opt-in nothing counts until the link is clicked, so the card leads with that; the spec's three next
 * steps stay under it.
 */
export const WAITLIST_SIGNED_UP_TEXT = {
  pendingHeading: "Check your inbox to confirm",
  pendingNextSteps: "Once you've confirmed, here's what happens next:",
  /** Email off (single opt-in): the address is on the list at once. */
  joinedHeading: "Welcome to the beta program!",
  joinedNextSteps: "You're on the list. Here's what happens next:",
  /** Beside the spec's duplicate message, only when the server queued a new confirmation link. */
  confirmationResent: "We sent your confirmation link again. Please check your inbox and spam folder.",
} as const;

/**
 * "5,000": the English grouping, without Intl. A page's first Intl call loads ICU's data (about 15 ms
 * on a desktop CPU), and this module is evaluated on every page with a form, at load.
 */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The contact form's messages (its schema, features/contact/contact-schema.ts, holds the limits' use). */
export const CONTACT_FORM_MESSAGES = {
  nameRequired: "Please enter your name",
  nameTooLong: VALIDATION_MESSAGES.nameTooLong,
  subjectRequired: "Please add a subject",
  subjectTooLong: `Please keep the subject to ${CONTACT_SUBJECT_MAX_LENGTH} characters or fewer`,
  messageTooShort: `Please write a message of at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Please keep your message to ${grouped(CONTACT_MESSAGE_MAX_LENGTH)} characters or fewer`,
  /** What a refusal of the fields is in one line (analytics); each field shows its own message. */
  checkFields: "Please check the highlighted fields.",
} as const;

type ShownMessage = MessageId | { id: MessageId; values: MessageValues };

/** Each English text a visitor may read in a form, with its catalogue id (one id per distinct text). */
export const SHOWN_MESSAGES: ReadonlyMap<string, ShownMessage> = new Map<string, ShownMessage>([
  [VALIDATION_MESSAGES.invalidEmail, "common.errors.invalidEmail"],
  [VALIDATION_MESSAGES.nameTooLong, "common.errors.nameTooLong"],
  [VALIDATION_MESSAGES.nameLink, "common.errors.nameLink"],
  [VALIDATION_MESSAGES.nameInvisible, "common.errors.nameInvisible"],
  [CONTACT_FORM_MESSAGES.nameRequired, "common.errors.nameRequired"],
  [CONTACT_FORM_MESSAGES.subjectRequired, "common.errors.subjectRequired"],
  [CONTACT_FORM_MESSAGES.subjectTooLong, { id: "common.errors.subjectTooLong", values: { max: CONTACT_SUBJECT_MAX_LENGTH } }],
  [CONTACT_FORM_MESSAGES.messageTooShort, { id: "common.errors.messageTooShort", values: { min: CONTACT_MESSAGE_MIN_LENGTH } }],
  [CONTACT_FORM_MESSAGES.messageTooLong, { id: "common.errors.messageTooLong", values: { max: CONTACT_MESSAGE_MAX_LENGTH } }],
  [CONTACT_FORM_MESSAGES.checkFields, "common.errors.checkFields"],
  [DISPOSABLE_ADDRESS_MESSAGE, "common.errors.disposableAddress"],
  [DATA_LAYER_MESSAGES.duplicateEmail, "common.errors.alreadyOnWaitlist"],
  [DATA_LAYER_MESSAGES.rlsPolicy, "common.errors.rlsPolicy"],
  [DATA_LAYER_MESSAGES.unexpected, "common.errors.unexpected"],
  [WAITLIST_FORM_MESSAGES.duplicate, "common.errors.alreadyInBetaProgram"],
  [WAITLIST_FORM_MESSAGES.network, "common.errors.network"],
  [WAITLIST_FORM_MESSAGES.server, "common.errors.server"],
  [WAITLIST_FORM_MESSAGES.configuration, "common.errors.configuration"],
  [WAITLIST_FORM_MESSAGES.fallback, "common.errors.fallback"],
  [NOTIFY_TEXT.genericError, "common.errors.tryAgain"],
  [RATE_LIMIT_MESSAGE, "common.errors.rateLimited"],
  [WAITLIST_SIGNED_UP_TEXT.confirmationResent, "common.errors.confirmationResent"],
  [HUMAN_CHECK_MESSAGES.missing, "common.errors.humanCheckMissing"],
  [HUMAN_CHECK_MESSAGES.failed, "common.errors.humanCheckFailed"],
  [HUMAN_CHECK_MESSAGES.unsolved, "common.errors.humanCheckUnsolved"],
  [HUMAN_CHECK_MESSAGES.unavailable, "common.errors.humanCheckUnavailable"],
]);

/** A message as the visitor reads it: a catalogue text in the page's language, anything else as it is. */
export function shownMessage(t: Translate, text: string): string {
  const shown = SHOWN_MESSAGES.get(text);
  if (!shown) return text;
  return typeof shown === "string" ? t(shown) : t(shown.id, shown.values);
}
