/**
 * The sign-up forms' zod schemas (ADR 0051): the waitlist form and the notify-me form, read by conform
 * in the browser and by the one action both post to (waitlist-action.server.ts). Their fields are the
 * spec's payload (section 5): what the person types, and what the form sends beside it.
 */
import * as z from "zod/mini";
import { WAITLIST_INTENTS, WAITLIST_PLATFORMS, WAITLIST_SOURCES } from "~/lib/constants";
import { emailProblem, nameProblem } from "~/lib/field-rules";
import { NOTIFY_TEXT, VALIDATION_MESSAGES } from "~/lib/messages";
import { optionalText, requiredText } from "~/lib/public-form";
import { REFERRAL_CODE_PATTERN } from "./referral-code";
import { UPDATES_CHOICE_FIELD } from "./sign-up-request";

/** A UTM value or the like: "none" when the visit had none. */
const trackingValue = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(200))),
  z.transform((value) => value || "none"),
);

/** What the form sends beside what the person types: where it is, what it asks for, how the visit came. */
const requestFields = {
  source: z._default(z.enum(WAITLIST_SOURCES), "main_waitlist_section"),
  intent: z._default(z.enum(WAITLIST_INTENTS), "beta_testing"),
  platform: z._default(z.enum(WAITLIST_PLATFORMS), "ios"),
  /** The notify form's "news and updates too" checkbox (sign-up-request.ts); anything but "yes" is no. */
  [UPDATES_CHOICE_FIELD]: z.optional(z.string().check(z.maxLength(20))),
  referrer: z.optional(z.string().check(z.trim(), z.maxLength(2048))),
  utm_source: trackingValue,
  utm_medium: trackingValue,
  utm_campaign: trackingValue,
  /** The referral code of the link the visitor came through (/waitlist?ref=…); anything else is ignored. */
  ref: z.pipe(
    z.optional(z.string()),
    z.transform((value) => (value && REFERRAL_CODE_PATTERN.test(value) ? value : null)),
  ),
  /** The spec's submissionTime: when the form was shown (kept in the payload, no longer a trap). */
  submissionTime: z.optional(z.string().check(z.maxLength(20))),
};

const email = requiredText(VALIDATION_MESSAGES.invalidEmail, emailProblem);

/** The waitlist form: the name is optional (spec section 5). */
export const waitlistSchema = z.object({ email, name: optionalText(nameProblem), ...requestFields });

/** The notify-me form: both name and email (spec section 5). */
export const notifySchema = z.object({ email, name: requiredText(NOTIFY_TEXT.nameRequired, nameProblem), ...requestFields });

export type SignUp = z.output<typeof waitlistSchema>;

/** The fields a person fills in; a refusal of any other field means the form itself was tampered with. */
export const TYPED_FIELDS: ReadonlySet<string> = new Set(["email", "name"]);

/** What a sign-up's success screen shows. */
export interface SignUpSent {
  firstName: string | null;
  /** The address signed up, for the line that says where the confirmation link went. */
  email: string;
  /** A confirmation link was sent, and the address counts once it is clicked (ADR 0031). */
  pendingConfirmation?: boolean;
}
