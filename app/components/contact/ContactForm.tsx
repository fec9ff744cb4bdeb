import { useId, useRef, useState, type FormEvent } from "react";
import { BotTrapFields } from "~/components/ui/BotTrapFields";
import { CheckIcon, SpinnerIcon } from "~/components/ui/Icons";
import { CONTACT_LIMITS, contactProblems, type ContactField, type ContactResult, type ContactValues } from "~/lib/contact-rules";
import { trackFormSubmit } from "~/features/analytics/browser/track";
import { postForm } from "~/lib/form-client";
import { isHoneypotFilled } from "~/lib/waitlist-rules";

const FIELDS: { name: ContactField; label: string; type?: string; autoComplete?: string; max: number; multiline?: boolean }[] = [
  { name: "name", label: "Name", autoComplete: "name", max: CONTACT_LIMITS.name },
  { name: "email", label: "Email address", type: "email", autoComplete: "email", max: CONTACT_LIMITS.email },
  { name: "subject", label: "Subject", max: CONTACT_LIMITS.subject },
  { name: "message", label: "Message", max: CONTACT_LIMITS.message, multiline: true },
];

const CONTACT_FORM_ID = "contact";

/**
 * The contact form: a plain POST to /contact without JavaScript; with it, sent to /api/contact
 * without a reload, checked in the browser first with the same rules as the server.
 */
export function ContactForm({ renderedAt, initialResult }: { renderedAt: number; initialResult?: ContactResult }) {
  const [result, setResult] = useState<ContactResult | undefined>(initialResult);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "")])) as ContactValues;
    if (isHoneypotFilled({ honeypot: String(form.get("honeypot") ?? ""), website: String(form.get("website") ?? "") })) return;
    const fieldErrors = contactProblems(values);
    if (Object.keys(fieldErrors).length > 0) {
      setResult({ state: "error", message: "Please check the highlighted fields.", fieldErrors, values });
      trackFormSubmit(CONTACT_FORM_ID, "Please check the highlighted fields.");
      const first = FIELDS.find((f) => fieldErrors[f.name]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first?.name}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const answer = await postForm<ContactResult>("/api/contact", form, (message) => ({ state: "error", message, fieldErrors: {}, values }));
    setSubmitting(false);
    setResult(answer.state === "idle" ? undefined : answer);
    if (answer.state !== "idle") trackFormSubmit(CONTACT_FORM_ID, answer.state === "error" ? answer.message : null);
  }

  if (result?.state === "success") {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success-100 text-success-700">
          <CheckIcon width={28} height={28} />
        </span>
        <h2 className="mt-4 text-2xl font-bold tracking-tight">Thanks, {result.name}! Your message has reached us.</h2>
        <p className="mt-2 text-ink-muted">We read every message and usually reply within two working days.</p>
        <a className="btn btn-secondary mt-6" href="/contact" onClick={(e) => (e.preventDefault(), setResult(undefined))}>
          Send another message
        </a>
      </div>
    );
  }

  const errors = result?.state === "error" ? result.fieldErrors : {};
  const values = result?.state === "error" ? result.values : undefined;
  const formError = result?.state === "error" && Object.keys(errors).length === 0 ? result.message : null;

  return (
    <form ref={formRef} method="post" action="/contact" onSubmit={onSubmit} noValidate className="space-y-5" data-track-form={CONTACT_FORM_ID}>
      {FIELDS.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = errors[field.name];
        const common = {
          id,
          name: field.name,
          required: true,
          maxLength: field.max,
          defaultValue: values?.[field.name],
          className: "field-input",
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
        } as const;
        return (
          <div key={field.name}>
            <label htmlFor={id} className="field-label">
              {field.label}
            </label>
            {field.multiline ? (
              <textarea {...common} rows={6} minLength={CONTACT_LIMITS.messageMin} />
            ) : (
              <input {...common} type={field.type ?? "text"} autoComplete={field.autoComplete} />
            )}
            {error ? (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <BotTrapFields />
      <input type="hidden" name="submissionTime" value={renderedAt} />
      {formError ? (
        <p className="alert-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={submitting}>
        {submitting ? (
          <>
            <SpinnerIcon />
            Sending...
          </>
        ) : (
          "Send message"
        )}
      </button>
    </form>
  );
}
