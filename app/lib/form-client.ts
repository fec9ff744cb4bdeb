/**
 * Sends a public form from the browser to its JSON endpoint and always resolves: network failures
 * and unexpected answers become the spec's catalogue messages (section 8), never an exception.
 */
import { waitlistFormMessage } from "~/lib/messages";

export async function postForm<Result>(endpoint: string, form: FormData, failure: (message: string) => Result): Promise<Result> {
  let response: Response;
  try {
    // URL-encoded rather than multipart: smaller, and the same encoding a plain form post uses.
    const body = new URLSearchParams([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    response = await fetch(endpoint, { method: "POST", body, headers: { Accept: "application/json" } });
  } catch (error) {
    // fetch() rejects only when the request never got an answer: "Failed to fetch".
    return failure(waitlistFormMessage(`network: ${String(error)}`));
  }
  try {
    return (await response.json()) as Result;
  } catch {
    const reason = response.status >= 500 ? `server ${response.status}` : `unexpected answer ${response.status}`;
    return failure(waitlistFormMessage(reason));
  }
}
