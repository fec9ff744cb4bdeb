/**
 * The contact form's zod schema, its limits and its messages: read by conform in the browser and by
 * the action (ADR 0051). The limits are also the inputs' maxlength and minlength.
 */
import { object, type output } from "zod/mini";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_SUBJECT_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { emailProblem, nameProblem } from "~/lib/field-rules";
import { CONTACT_FORM_MESSAGES, VALIDATION_MESSAGES } from "~/lib/messages";
import { longestText, requiredText, shortestText } from "~/lib/public-form";

export const CONTACT_LIMITS = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  subject: CONTACT_SUBJECT_MAX_LENGTH,
  messageMin: CONTACT_MESSAGE_MIN_LENGTH,
  message: CONTACT_MESSAGE_MAX_LENGTH,
} as const;

/** The form's messages, in English as they travel (lib/messages.ts: translated where shown). */
export const CONTACT_MESSAGES = CONTACT_FORM_MESSAGES;

export const contactSchema = object({
  // nameProblem: at most NAME_MAX_LENGTH characters, no links, no invisible characters.
  name: requiredText(CONTACT_MESSAGES.nameRequired, nameProblem),
  email: requiredText(VALIDATION_MESSAGES.invalidEmail, emailProblem),
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, longestText(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong)),
  message: requiredText(
    CONTACT_MESSAGES.messageTooShort,
    shortestText(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort),
    longestText(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  ),
});

export type ContactMessage = output<typeof contactSchema>;
export type ContactField = keyof ContactMessage;

/** What the success screen shows: the first word of the sender's name. */
export interface ContactSent {
  name: string;
}
