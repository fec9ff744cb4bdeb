/**
 * Waitlist input rules shared by the browser (instant feedback, no request for bad input) and the
 * server (the authority). Plain functions, so the client bundle does not carry a schema library.
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

/** Spec section 5: the first word is first_name, the remainder is last_name. */
export function splitName(name: string | undefined | null): { firstName: string | null; lastName: string | null } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  return { firstName: words[0]!, lastName: words.length > 1 ? words.slice(1).join(" ") : null };
}

/** Either hidden trap field filled means a bot (spec section 5). */
export function isHoneypotFilled(fields: { honeypot?: string | null; website?: string | null }): boolean {
  return Boolean(fields.honeypot?.trim()) || Boolean(fields.website?.trim());
}

/** What a waitlist submission answers; the form renders it with or without JavaScript. */
export type WaitlistResult =
  | { state: "idle" }
  | { state: "success"; firstName: string | null }
  | {
      state: "error";
      message: string;
      field: "email" | "name" | null;
      values: { name: string; email: string };
    };
