import { useId, useRef, useState } from "react";
import { BotTrapFields } from "~/components/forms/BotTrapFields";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { useEnhancedSubmit } from "~/components/forms/useEnhancedSubmit";
import { CheckIcon } from "~/components/ui/icons";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactProblems,
  type ContactField,
  type ContactResult,
  type ContactValues,
} from "./contact-rules";

const FIELDS: { name: ContactField; label: string; type?: string; autoComplete?: string; max: number; multiline?: boolean }[] = [
  { name: "name", label: "Name", autoComplete: "name", max: CONTACT_LIMITS.name },
  { name: "email", label: "Email address", type: "email", autoComplete: "email", max: CONTACT_LIMITS.email },
  { name: "subject", label: "Subject", max: CONTACT_LIMITS.subject },
  { name: "message", label: "Message", max: CONTACT_LIMITS.message, multiline: true },
];

const CONTACT_FORM_ID = "contact";

function typedValues(data: FormData): ContactValues {
  return Object.fromEntries(FIELDS.map((f) => [f.name, String(data.get(f.name) ?? "")])) as ContactValues;
}

/**
 * The contact form: a plain POST to /contact without JavaScript; with it, sent to /api/contact
 * without a reload, checked in the browser first with the same rules as the server.
 */
export function ContactForm({ renderedAt, initialResult }: { renderedAt: number; initialResult?: ContactResult }) {
  const [result, setResult] = useState<ContactResult | undefined>(initialResult);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const { submitting, onSubmit } = useEnhancedSubmit<ContactResult>({
    endpoint: "/api/contact",
    formId: CONTACT_FORM_ID,
    validate: (data) => {
      const values = typedValues(data);
      const fieldErrors = contactProblems(values);
      if (Object.keys(fieldErrors).length === 0) return null;
      setResult({ state: "error", message: CONTACT_MESSAGES.checkFields, fieldErrors, values });
      const first = FIELDS.find((f) => fieldErrors[f.name]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first?.name}"]`)?.focus();
      return CONTACT_MESSAGES.checkFields;
    },
    failure: (message, data) => ({ state: "error", message, fieldErrors: {}, values: typedValues(data) }),
    onAnswer: (answer) => setResult(answer.state === "idle" ? undefined : answer),
  });

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
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={field.label}
          error={errors[field.name]}
          name={field.name}
          required
          maxLength={field.max}
          defaultValue={values?.[field.name]}
          {...(field.multiline
            ? { rows: 6, minLength: CONTACT_LIMITS.messageMin }
            : { type: field.type ?? "text", autoComplete: field.autoComplete })}
        />
      ))}
      <BotTrapFields renderedAt={renderedAt} />
      {formError ? (
        <p className="alert-error" role="alert">
          {formError}
        </p>
      ) : null}
      <SubmitButton submitting={submitting} pendingLabel="Sending..." className="btn btn-primary btn-lg w-full sm:w-auto">
        Send message
      </SubmitButton>
    </form>
  );
}
