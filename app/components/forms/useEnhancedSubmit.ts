/**
 * The enhanced submit path of every public form (waitlist, notify, contact). Without JavaScript a
 * form posts to its page and the page renders the answer; with it, this hook sends the form to its
 * JSON endpoint instead, without a reload.
 */
import { useState, type FormEvent } from "react";
import { trackFormSubmit } from "~/features/analytics/browser/track";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { waitlistFormMessage } from "~/lib/messages";
import { TURNSTILE_RESPONSE_FIELD } from "~/lib/turnstile";
import type { HumanCheck } from "./useHumanCheck";

/** What every public form endpoint answers; "idle" when a bot trap dropped the submission. */
type FormAnswer = { state: "idle" } | { state: "success" } | { state: "error"; message: string };

export interface EnhancedSubmitOptions<Result extends FormAnswer> {
  /** The JSON endpoint the form is sent to (/api/...). */
  endpoint: string;
  /** The form's name in analytics form_submit events. */
  formId: string;
  /** A success also records a conversion from this source. */
  conversionSource?: string;
  /**
   * The browser's check before anything is sent, with the server's rules (the server checks again).
   * It shows its outcome in the form and returns the problem analytics records, or null to send.
   */
  validate?: (data: FormData) => string | null;
  /** The answer shown when none came back, or not a readable one; `message` is the spec's (section 8). */
  failure: (message: string, data: FormData) => Result;
  /** Receives every answer of the endpoint, "idle" included, with the form data that was sent. */
  onAnswer: (result: Result, data: FormData) => void;
  /** The form's human check (useHumanCheck): its token is awaited and sent with the form. */
  humanCheck?: HumanCheck;
  /** What analytics records for a failed answer when the form shows one generic message instead. */
  recordedError?: string;
}

/**
 * Returns the form's submit handler and whether a submission is under way. The handler: no page
 * reload; a filled honeypot is dropped silently and input the rules reject is never sent (spec
 * section 5); otherwise the form goes to the endpoint, and every answer but a trap's is recorded.
 */
export function useEnhancedSubmit<Result extends FormAnswer>(options: EnhancedSubmitOptions<Result>) {
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? "");
    if (isHoneypotFilled({ honeypot: field("honeypot"), website: field("website") })) return;
    const problem = options.validate?.(data) ?? null;
    if (problem !== null) return trackFormSubmit(options.formId, problem);
    setSubmitting(true);
    const humanCheck = options.humanCheck;
    if (humanCheck?.enabled) {
      const check = await humanCheck.token();
      if ("problem" in check) {
        // The field shows why; the form stays as it is.
        setSubmitting(false);
        return trackFormSubmit(options.formId, check.problem);
      }
      data.set(TURNSTILE_RESPONSE_FIELD, check.token);
    }
    const result = await postForm(options.endpoint, data, (message) => options.failure(message, data));
    setSubmitting(false);
    // Whatever the answer, the server has seen the token: it cannot be sent again.
    humanCheck?.spent(result.state === "success");
    options.onAnswer(result, data);
    // A trap answer shows nothing and is not recorded.
    if (result.state === "idle") return;
    const error = result.state === "error" ? (options.recordedError ?? result.message) : null;
    trackFormSubmit(options.formId, error, options.conversionSource);
  }

  return { submitting, onSubmit };
}

/**
 * Sends a form to its JSON endpoint and always resolves: network failures and unexpected answers
 * become the spec's catalogue messages (section 8), never an exception.
 */
async function postForm<Result>(endpoint: string, form: FormData, failure: (message: string) => Result): Promise<Result> {
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
