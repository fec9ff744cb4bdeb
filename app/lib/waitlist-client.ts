/**
 * Sends a waitlist form from the browser and always resolves to a WaitlistResult: network failures
 * and unexpected answers become the spec's catalogue messages (section 8), never an exception.
 */
import { waitlistFormMessage } from "~/lib/messages";
import type { WaitlistResult } from "~/lib/waitlist-rules";

export const WAITLIST_ENDPOINT = "/api/waitlist";

export async function submitWaitlist(form: FormData): Promise<WaitlistResult> {
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  let response: Response;
  try {
    // URL-encoded rather than multipart: smaller, and the same encoding a plain form post uses.
    const body = new URLSearchParams([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    response = await fetch(WAITLIST_ENDPOINT, { method: "POST", body, headers: { Accept: "application/json" } });
  } catch (error) {
    // fetch() rejects only when the request never got an answer: "Failed to fetch".
    return { state: "error", message: waitlistFormMessage(`network: ${String(error)}`), field: null, values };
  }
  try {
    return (await response.json()) as WaitlistResult;
  } catch {
    const reason = response.status >= 500 ? `server ${response.status}` : `unexpected answer ${response.status}`;
    return { state: "error", message: waitlistFormMessage(reason), field: null, values };
  }
}
