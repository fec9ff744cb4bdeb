/**
 * Contact form rules, shared by the browser (instant feedback) and the server (the authority).
 */
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { emailProblem, nameCharactersProblem } from "~/lib/field-rules";
import { VALIDATION_MESSAGES } from "~/lib/messages";

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
  /** Above the form when a field has a problem (each field shows its own). */
  checkFields: "Please check the highlighted fields.",
} as const;

export type ContactField = "name" | "email" | "subject" | "message";
export type ContactValues = Record<ContactField, string>;

export type ContactResult =
  | { state: "idle" }
  | { state: "success"; name: string }
  | { state: "error"; message: string; fieldErrors: Partial<Record<ContactField, string>>; values: ContactValues };

/** Every problem with the fields, keyed by field; empty when the message can be sent. */
export function contactProblems(values: ContactValues): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  const name = values.name.trim();
  if (!name) problems.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_LIMITS.name) problems.name = CONTACT_MESSAGES.nameTooLong;
  else {
    const characters = nameCharactersProblem(name);
    if (characters) problems.name = characters;
  }
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const subject = values.subject.trim();
  if (!subject) problems.subject = CONTACT_MESSAGES.subjectRequired;
  else if (subject.length > CONTACT_LIMITS.subject) problems.subject = CONTACT_MESSAGES.subjectTooLong;
  const message = values.message.trim();
  if (message.length < CONTACT_LIMITS.messageMin) problems.message = CONTACT_MESSAGES.messageTooShort;
  else if (message.length > CONTACT_LIMITS.message) problems.message = CONTACT_MESSAGES.messageTooLong;
  return problems;
}
