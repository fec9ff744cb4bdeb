/**
 * "Email me my link" (ADR 0045), shared by the form and the server: where it posts, its schema (a
 * public form, ADR 0051), what it answers, and its texts. The answer never says whether the address is
 * on the list: members and strangers read the same words, and only a confirmed address is sent anything.
 */
import { object } from "zod/mini";
import { emailProblem } from "~/lib/field-rules";
import { VALIDATION_MESSAGES } from "~/lib/messages";
import { requiredText } from "~/lib/public-form";

/** The page that answers the form (its POST) and shows it on its own (GET). */
export const STATUS_LINK_REQUEST_PATH = "/waitlist/link";

export const statusLinkRequestSchema = object({ email: requiredText(VALIDATION_MESSAGES.invalidEmail, emailProblem) });

/** The answer when the request was taken: whatever the address, the same words. */
export interface StatusLinkAsked {
  email: string;
}

export const STATUS_LINK_TEXT = {
  title: "Email me my status link",
  disclosure: "Already on the list? Email me my status link",
  lead: "Lost the link to your status page, or it stopped working? Enter the address you signed up with. If it is on the waitlist and confirmed, we email it a fresh link.",
  button: "Email me my link",
  sending: "Sending...",
  asked: (email: string) =>
    `If ${email} is on our waitlist and confirmed, a fresh link to its status page is on its way. It can take a few minutes; check your spam folder too.`,
  askedHint: "Nothing after a few minutes? The address may not be on the list yet, or not confirmed: join the waitlist with it, and confirm.",
  tooManyForInbox: (minutes: number) =>
    `This address has asked for a link several times already. Please check its inbox and spam folder; you can ask again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`,
  emailOff: "We can't send email at the moment. Please try again later.",
} as const;
