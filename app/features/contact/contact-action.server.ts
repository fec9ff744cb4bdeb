/**
 * The contact form submission. /contact renders the answer for forms sent without JavaScript;
 * /api/contact returns it as JSON to the enhanced form.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { logWarn } from "~/lib/log.server";
import { RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES, waitlistFormMessage } from "~/lib/messages";
import { clientOverLimit, formAnswer, readFormFields } from "~/lib/public-form.server";
import { CONTACT_MESSAGES, contactProblems, type ContactResult, type ContactValues } from "./contact-rules";
import { saveContactMessage } from "./contact.server";

const answer = (result: ContactResult, status = 200, headers?: HeadersInit) => formAnswer(result, status, headers);

/** Keeps what a person typed (bounded) so an error page can show it again. */
function echoValues(raw: Record<string, string>): ContactValues {
  const keep = (name: keyof ContactValues, max: number) => (raw[name] ?? "").slice(0, max);
  return { name: keep("name", 200), email: keep("email", 300), subject: keep("subject", 300), message: keep("message", 6000) };
}

export async function handleContactSubmission(request: Request, context: AppLoadContext) {
  const raw = await readFormFields(request);
  if (!raw) {
    return answer(
      { state: "error", message: WAITLIST_FORM_MESSAGES.fallback, fieldErrors: {}, values: echoValues({}) },
      400,
    );
  }
  const values = echoValues(raw);

  if (isHoneypotFilled(raw)) {
    logWarn("contact_trap_triggered");
    return answer({ state: "idle" });
  }

  const fieldErrors = contactProblems(values);
  if (Object.keys(fieldErrors).length > 0) {
    return answer({ state: "error", message: CONTACT_MESSAGES.checkFields, fieldErrors, values }, 400);
  }

  const limit = await clientOverLimit(request, context, {
    scope: "contact",
    max: context.env.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: context.env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (limit.limited) {
    return answer({ state: "error", message: RATE_LIMIT_MESSAGE, fieldErrors: {}, values }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  try {
    await saveContactMessage(context.cloudflare.env.DB, {
      name: values.name.trim(),
      email: values.email,
      subject: values.subject.trim(),
      message: values.message.trim(),
      metadata: {
        user_agent: (request.headers.get("User-Agent") ?? "unknown").slice(0, 512),
        submitted_at: new Date().toISOString(),
      },
    });
    return answer({ state: "success", name: values.name.trim().split(/\s+/)[0]! });
  } catch (error) {
    return answer({ state: "error", message: waitlistFormMessage(String(error)), fieldErrors: {}, values }, 503);
  }
}
