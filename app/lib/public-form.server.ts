/**
 * What every public form action shares: reading the fields, the per-client rate limit (fail-open),
 * and the uncached JSON answer. Used by the waitlist and contact actions (the bot traps are in
 * lib/bot-trap.ts); the forms on conform read their schema and answer with the helpers at the end.
 */
import type { Submission } from "@conform-to/react";
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { checkClientLimits, type LimitRule } from "~/lib/client-limiter.server";
import { parsePublicForm, type PublicFormSchema } from "~/lib/public-form";
import { formFailure, refusalMessage, type PublicFormAnswer } from "~/lib/public-form-answer";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Whether a Content-Type declares no charset, or one of UTF-8's names (utf-8, utf8, unicode-1-1-utf-8). */
function declaresUtf8OrNothing(contentType: string): boolean {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)/.exec(contentType)?.[1];
  if (label === undefined) return true;
  try {
    return new TextDecoder(label).encoding === "utf-8";
  } catch {
    return false;
  }
}

/**
 * True when the body is UTF-8 and, in a urlencoded form, so is every percent escape, and the form
 * does not claim another charset (what it says it sent is not what would be read; workerd's
 * formData() refuses such a form too).
 */
function isUtf8Form(body: ArrayBuffer, contentType: string): boolean {
  try {
    const text = strictUtf8.decode(body);
    if (contentType.startsWith("application/x-www-form-urlencoded")) {
      if (!declaresUtf8OrNothing(contentType)) return false;
      // Throws on an escape that is not UTF-8 (%FF, overlong %C0%AE, lone surrogate %ED%A0%80).
      decodeURIComponent(text.replace(/\+/g, " "));
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The form's text fields, or null when the body is not a form at all. Browsers send forms as UTF-8;
 * a body that is not would be read with U+FFFD in place of what was sent (an email no one can
 * receive), so it is refused as unreadable, as the analytics collector refuses it.
 */
export async function readFormFields(request: Request): Promise<Record<string, string> | null> {
  try {
    const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
    if (!isUtf8Form(await request.clone().arrayBuffer(), contentType)) return null;
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}

/**
 * Counts this submission against the client's limit (lib/client-limiter.server.ts). An unavailable
 * limiter never blocks a person: the write that follows reports a real outage (ADR 0006).
 */
export async function clientOverLimit(
  request: Request,
  context: AppLoadContext,
  rule: LimitRule,
): Promise<{ limited: false } | { limited: true; retryAfterSeconds: number }> {
  const decision = await checkClientLimits(request, context, [rule]);
  return decision.limited ? { limited: true, retryAfterSeconds: decision.retryAfterSeconds } : { limited: false };
}

/** A form action's answer: never cached, optionally with extra headers (Retry-After). */
export function formAnswer<T>(result: T, status = 200, headers?: HeadersInit) {
  return json(result, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * The submission of a public form: the fields it sent (`readFormFields`) read by conform against the
 * form's schema (lib/public-form.ts), the one the browser checks with too. Only the fields the schema
 * names are read: conform's control fields (`__intent__`, `__state__`) and anything else stay out,
 * so nothing but the form's own fields can steer the parse, and only they are sent back.
 */
export function readPublicForm<Schema extends PublicFormSchema>(fields: Record<string, string>, schema: Schema) {
  const own = Object.keys(schema.shape).flatMap((name) => (Object.hasOwn(fields, name) ? [[name, fields[name]!]] : []));
  return parsePublicForm(new URLSearchParams(own), schema);
}

/** 400 for fields the schema refused: each field's message, and what was typed. */
export function fieldsRefused(submission: Submission<unknown, string[], unknown>, summary?: string) {
  const reply = submission.reply();
  return formAnswer<PublicFormAnswer<never>>({ state: "error", message: refusalMessage(reply.error, summary), reply }, 400);
}

/** The whole submission refused or failed (rate limit, storage): `message` above the button, what was typed kept. */
export function submissionRefused(submission: Submission<unknown, string[], unknown>, message: string, status: number, headers?: HeadersInit) {
  return formAnswer(formFailure(message, submission.reply()), status, headers);
}
