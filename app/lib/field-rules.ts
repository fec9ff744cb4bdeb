/**
 * The name and email rules every form shares (waitlist, notify, contact, admin accounts), for the
 * browser (instant feedback, no request for bad input) and the server (the authority). Plain
 * functions, so the client bundle does not carry a schema library.
 */
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { VALIDATION_MESSAGES } from "~/lib/messages";

/** Spec section 5: something@something.something, no whitespace anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The spec's message when the email is not acceptable, else null. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return VALIDATION_MESSAGES.invalidEmail;
  return null;
}

export function nameProblem(name: string): string | null {
  return name.trim().length > NAME_MAX_LENGTH ? VALIDATION_MESSAGES.nameTooLong : null;
}
