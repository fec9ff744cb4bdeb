/**
 * Waitlist rules shared by the browser and the server. The email and name checks are the ones every
 * form shares (lib/field-rules); the bot traps live in lib/bot-trap. Plain functions, so the client
 * bundle does not carry a schema library.
 */

/** Spec section 5: the first word is first_name, the remainder is last_name. */
export function splitName(name: string | undefined | null): { firstName: string | null; lastName: string | null } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  return { firstName: words[0]!, lastName: words.length > 1 ? words.slice(1).join(" ") : null };
}

/** What a waitlist submission answers; the form renders it with or without JavaScript. */
export type WaitlistResult =
  | { state: "idle" }
  /** pendingConfirmation: a confirmation link was sent, and the address counts once it is clicked. */
  | { state: "success"; firstName: string | null; pendingConfirmation?: boolean }
  | {
      state: "error";
      message: string;
      field: "email" | "name" | null;
      values: { name: string; email: string };
      /** A pending address signed up again, and its confirmation link was queued once more. */
      confirmationResent?: true;
    };
