/**
 * "Email me my link" (ADR 0045), a public form (ADR 0051): one address field that posts to
 * /waitlist/link. Without JavaScript that page renders the answer; with it, the answer shows in place.
 * Offered by /waitlist (a disclosure under the sign-up form, closed until opened), by the status page
 * when a link does not work, and on its own page.
 */
import { useId } from "react";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { usePublicForm } from "~/components/forms/usePublicForm";
import { ChevronDownIcon } from "~/components/ui/icons";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import type { PublicFormAnswer } from "~/lib/public-form-answer";
import { EntryCard, EntryPage } from "./entry-page";
import { STATUS_LINK_REQUEST_PATH, statusLinkRequestSchema, type StatusLinkAsked } from "./status-link-request";

type StatusLinkAnswer = PublicFormAnswer<StatusLinkAsked>;

/**
 * The form and its answer. `pageAnswer`: the answer of a POST without JavaScript; `primary`: the
 * page's main action (not beside the sign-up form).
 */
export function EmailMyLinkForm({ pageAnswer, primary = false }: { pageAnswer?: StatusLinkAnswer; primary?: boolean }) {
  const id = useId();
  const t = useT();
  const localized = useLocalizedPath();
  const { form, fields, answer, submitting, formProps } = usePublicForm(statusLinkRequestSchema, {
    id: `${id}-form`,
    action: localized(STATUS_LINK_REQUEST_PATH),
    pageAnswer,
    analyticsName: "status_link_request",
  });
  const formError = form.errors?.[0];
  return (
    <form {...formProps} className="space-y-4">
      <TextField
        id={`${id}-email`}
        label={t("statusLink.emailLabel")}
        name={fields.email.name}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={fields.email.initialValue}
        error={fields.email.errors?.[0]}
        errorRole="alert"
      />
      {formError ? (
        <p className="alert-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div role="status">
        {answer?.state === "success" ? (
          <div className="alert-success space-y-2 break-words" data-testid="status-link-asked">
            <p>{t("statusLink.asked", { email: answer.email })}</p>
            <p className="font-normal">{t("statusLink.askedHint")}</p>
          </div>
        ) : null}
      </div>
      <SubmitButton submitting={submitting} pendingLabel={t("statusLink.sending")} className={`btn ${primary ? "btn-primary" : "btn-secondary"} w-full sm:w-auto`}>
        {t("statusLink.button")}
      </SubmitButton>
    </form>
  );
}

/** Under the /waitlist form: one line until opened, so the sign-up form keeps its place on a phone. */
export function EmailMyLinkDisclosure() {
  const t = useT();
  return (
    <div className="container-page max-w-3xl py-10">
      <details className="group rounded-2xl border border-line bg-surface" data-testid="email-my-link">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-3 font-semibold hover:bg-surface-sunken [&::-webkit-details-marker]:hidden">
          {t("statusLink.disclosure")}
          <ChevronDownIcon width={20} height={20} aria-hidden="true" className="shrink-0 text-ink-muted transition-transform group-open:rotate-180" />
        </summary>
        <div className="space-y-4 border-t border-line px-5 pt-4 pb-5">
          <p className="text-sm text-ink-muted">{t("statusLink.lead")}</p>
          <EmailMyLinkForm />
        </div>
      </details>
    </div>
  );
}

/** On the status page when its link does not work (never worked, signed out, expired). */
export function EmailMyLinkCard() {
  const t = useT();
  return (
    <EntryCard title={t("statusLink.cardTitle")} titleId="email-my-link-heading">
      <p className="mt-1 mb-5 text-sm text-ink-muted">{t("statusLink.lead")}</p>
      <EmailMyLinkForm primary />
    </EntryCard>
  );
}

/** /waitlist/link: the form on its own, and where it answers without JavaScript. */
export function EmailMyLinkPage({ pageAnswer }: { pageAnswer?: StatusLinkAnswer }) {
  const t = useT();
  return (
    <EntryPage title={t("statusLink.title")} lead={t("statusLink.lead")}>
      <div className="card p-6 sm:p-8">
        <EmailMyLinkForm pageAnswer={pageAnswer} primary />
      </div>
    </EntryPage>
  );
}
