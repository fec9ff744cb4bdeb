/**
 * What the browser's waitlist forms (the waitlist section, the notification modal) send to: the
 * JSON endpoint, and the answer they show when it gives none.
 */
import type { WaitlistResult } from "./waitlist-rules";

export const WAITLIST_ENDPOINT = "/api/waitlist";

/** A failed request's answer: the spec's message, and the typed values kept in the form. */
export function waitlistFailure(message: string, form: FormData): WaitlistResult {
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  return { state: "error", message, field: null, values };
}
