/**
 * The contact form's action, on the /contact page (ADR 0051): the page renders its answer for a form
 * sent without JavaScript, and the form's fetcher receives it as data with JavaScript.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { logWarn } from "~/lib/log.server";
import { RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES, waitlistFormMessage } from "~/lib/messages";
import { formFailure, type PublicFormAnswer } from "~/lib/public-form-answer";
import { clientOverLimit, fieldsRefused, formAnswer, readFormFields, readPublicForm, submissionRefused } from "~/lib/public-form.server";
import { CONTACT_MESSAGES, contactSchema, type ContactSent } from "./contact-schema";
import { saveContactMessage } from "./contact.server";

export async function handleContactSubmission(request: Request, context: AppLoadContext) {
  const fields = await readFormFields(request);
  if (!fields) return formAnswer(formFailure(WAITLIST_FORM_MESSAGES.fallback), 400);

  if (isHoneypotFilled(fields)) {
    logWarn("contact_trap_triggered");
    return formAnswer<PublicFormAnswer<ContactSent>>({ state: "idle" });
  }

  const submission = readPublicForm(fields, contactSchema);
  if (submission.status !== "success") return fieldsRefused(submission, CONTACT_MESSAGES.checkFields);

  const limit = await clientOverLimit(request, context, {
    scope: "contact",
    max: context.env.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: context.env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (limit.limited) {
    return submissionRefused(submission, RATE_LIMIT_MESSAGE, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const { name, email, subject, message } = submission.value;
  try {
    await saveContactMessage(context.cloudflare.env.DB, {
      name,
      email,
      subject,
      message,
      metadata: {
        user_agent: (request.headers.get("User-Agent") ?? "unknown").slice(0, 512),
        submitted_at: new Date().toISOString(),
      },
    });
    return formAnswer<PublicFormAnswer<ContactSent>>({ state: "success", name: name.split(/\s+/)[0]! });
  } catch (error) {
    return submissionRefused(submission, waitlistFormMessage(String(error)), 503);
  }
}
