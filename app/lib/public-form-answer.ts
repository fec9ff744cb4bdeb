/**
 * The answer of every public form action (ADR 0051), and how to make one. Free of zod and conform at
 * run time: a route's clientAction needs it, and a route's module is loaded with its page.
 */
import type { SubmissionResult } from "@conform-to/react";

/**
 * A public form action's answer, rendered by the page without JavaScript and received by the form's
 * fetcher with it. idle: a bot trap caught the submission; nothing is shown (spec section 5).
 * success: what the form's success screen shows. error: `message` is what went wrong in one line
 * (what analytics records); `reply` is conform's: each field's message, the form's own message (key
 * ""), and what was typed.
 */
export type PublicFormAnswer<Success extends object = object> =
  | { state: "idle" }
  | ({ state: "success" } & Success)
  | { state: "error"; message: string; reply: SubmissionResult<string[]> };

/**
 * What the route's clientAction gives the form when the action's answer never came (no connection,
 * a proxy's error page): why, as the spec's catalogue reads it (waitlistFormMessage, section 8).
 */
export interface Unanswered {
  state: "unanswered";
  reason: string;
}

/**
 * The answer when the whole submission failed or was refused: `message` above the button. `reply`
 * carries what was typed when the server read it; without it the form keeps what is in its fields.
 */
export function formFailure(message: string, reply: SubmissionResult<string[]> = { status: "error" }): PublicFormAnswer<never> {
  return { state: "error", message, reply: { ...reply, status: "error", error: { ...reply.error, "": [message] } } };
}

/** What a refusal of the fields is, in one line: `summary` if the form has one, else the first field's message. */
export function refusalMessage(error: Record<string, string[] | null> | null | undefined, summary?: string): string {
  return summary ?? Object.values(error ?? {}).find((messages) => messages?.length)?.[0] ?? "";
}

/**
 * An answer as the form shows it: every message (each field's, the form's own, `message`) through
 * `shown`, which puts the spec's catalogue in the page's language (lib/messages.ts).
 */
export function shownAnswer<Success extends object>(answer: PublicFormAnswer<Success>, shown: (message: string) => string): PublicFormAnswer<Success> {
  if (answer.state !== "error") return answer;
  const error = answer.reply.error && Object.fromEntries(Object.entries(answer.reply.error).map(([field, messages]) => [field, messages?.map(shown) ?? null]));
  return { ...answer, message: shown(answer.message), reply: { ...answer.reply, error } };
}
