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
