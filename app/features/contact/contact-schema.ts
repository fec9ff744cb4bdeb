/**
 * The contact form's zod schema, its limits and its messages: read by conform in the browser and by
 * the action (ADR 0051). The limits are also the inputs' maxlength and minlength.
 */
import { object, type output } from "zod/mini";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { emailProblem, nameProblem } from "~/lib/field-rules";
import { VALIDATION_MESSAGES } from "~/lib/messages";
import { longestText, requiredText, shortestText } from "~/lib/public-form";

export const CONTACT_LIMITS = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name",
  nameTooLong: VALIDATION_MESSAGES.nameTooLong,
  subjectRequired: "Please add a subject",
  subjectTooLong: `Please keep the subject to ${CONTACT_LIMITS.subject} characters or fewer`,
  messageTooShort: `Please write a message of at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Please keep your message to ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters or fewer`,
  /** What a refusal of the fields is in one line (analytics); each field shows its own message. */
  checkFields: "Please check the highlighted fields.",
} as const;

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
