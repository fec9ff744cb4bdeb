/**
 * "Email me my link" (ADR 0045), shared by the form and the server: where it posts, its schema (a
 * public form, ADR 0051), what it answers, and its refusals. The answer never says whether the address is
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

/** What the server refuses with (the form's own words are statusLink.* in the catalogues). */
export const STATUS_LINK_TEXT = {
  tooManyForInbox: (minutes: number) =>
    `This address has asked for a link several times already. Please check its inbox and spam folder; you can ask again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`,
  emailOff: "We can't send email at the moment. Please try again later.",
} as const;
