import { useId, useState } from "react";
import { BotTrapFields } from "~/components/forms/BotTrapFields";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { usePublicForm } from "~/components/forms/usePublicForm";
import { CheckIcon } from "~/components/ui/icons";
import type { MessageId } from "~/lib/i18n/message-id";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import type { PublicFormAnswer } from "~/lib/public-form-answer";
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactSchema, type ContactField, type ContactSent } from "./contact-schema";

const FIELDS: { name: ContactField; label: MessageId; type?: "email"; autoComplete?: string; max: number; multiline?: boolean }[] = [
  { name: "name", label: "contact.form.name", autoComplete: "name", max: CONTACT_LIMITS.name },
  { name: "email", label: "contact.form.email", type: "email", autoComplete: "email", max: CONTACT_LIMITS.email },
  { name: "subject", label: "contact.form.subject", max: CONTACT_LIMITS.subject },
  { name: "message", label: "contact.form.message", max: CONTACT_LIMITS.message, multiline: true },
];

const CONTACT_FORM_ID = "contact";

type ContactAnswer = PublicFormAnswer<ContactSent>;

/**
 * The contact form (ADR 0051): a plain POST to /contact without JavaScript; with it, sent to the
 * same action without a reload, checked in the browser first by the schema the action uses.
 */
export function ContactForm({ renderedAt, pageAnswer }: { renderedAt: number; pageAnswer?: ContactAnswer }) {
  // "Send another message" starts afresh: a new key mounts a new form, with no answer yet.
  const [round, setRound] = useState(0);
  return (
    <ContactRound
      key={round}
      renderedAt={renderedAt}
      pageAnswer={round === 0 ? pageAnswer : undefined}
      startedAgain={round > 0}
      onAnother={() => setRound((n) => n + 1)}
    />
  );
}

function ContactRound({
  renderedAt,
  pageAnswer,
  startedAgain,
  onAnother,
}: {
  renderedAt: number;
  pageAnswer?: ContactAnswer;
  startedAgain: boolean;
  onAnother: () => void;
}) {
  const idPrefix = useId();
  const t = useT();
  const localized = useLocalizedPath();
  const { form, fields, answer, submitting, formProps } = usePublicForm(contactSchema, {
    id: "contact-form",
    action: localized("/contact"),
    pageAnswer,
    analyticsName: CONTACT_FORM_ID,
    refusedFieldsMessage: CONTACT_MESSAGES.checkFields,
  });

  if (answer?.state === "success") {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success-100 text-success-700">
          <CheckIcon width={28} height={28} />
        </span>
        <h2 className="mt-4 text-2xl font-bold tracking-tight">{t("contact.form.thanks", { name: answer.name })}</h2>
        <p className="mt-2 text-ink-muted">{t("contact.form.replyTime")}</p>
        <a className="btn btn-secondary mt-6" href={localized("/contact")} onClick={(e) => (e.preventDefault(), onAnother())}>
          {t("contact.form.another")}
        </a>
      </div>
    );
  }

  const formError = form.errors?.[0];
  return (
    <form {...formProps} className="space-y-5" data-track-form={CONTACT_FORM_ID}>
      {FIELDS.map((field, index) => {
        const meta = fields[field.name];
        return (
          <TextField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            label={t(field.label)}
            error={meta.errors?.[0]}
            name={meta.name}
            required
            maxLength={field.max}
            defaultValue={meta.initialValue}
            // A new message starts at its first field (the link that asked for it is gone).
            autoFocus={startedAgain && index === 0}
            {...(field.multiline
              ? { rows: 6, minLength: CONTACT_LIMITS.messageMin }
              : { type: field.type ?? "text", autoComplete: field.autoComplete })}
          />
        );
      })}
      <BotTrapFields renderedAt={renderedAt} />
      {formError ? (
        <p className="alert-error" role="alert">
          {formError}
        </p>
      ) : null}
      <SubmitButton submitting={submitting} pendingLabel={t("contact.form.sending")} className="btn btn-primary btn-lg w-full sm:w-auto">
        {t("contact.form.send")}
      </SubmitButton>
    </form>
  );
}
