import { postForm } from "~/lib/form-client";
import type { WaitlistResult } from "~/lib/waitlist-rules";

export const WAITLIST_ENDPOINT = "/api/waitlist";

/** Sends a waitlist form (main section, promotion pages, notification modal). */
export function submitWaitlist(form: FormData): Promise<WaitlistResult> {
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  return postForm<WaitlistResult>(WAITLIST_ENDPOINT, form, (message) => ({ state: "error", message, field: null, values }));
}
