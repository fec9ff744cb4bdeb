/**
 * "Email me my link" (ADR 0045): one address field that posts to /waitlist/link. Without JavaScript it
 * is a plain form and that page renders the answer; with it, a fetcher sends it and the answer shows
 * in place. Offered by /waitlist (a disclosure under the sign-up form, closed until opened), by the
 * status page when a link does not work, and on its own page.
 */
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { ChevronDownIcon } from "~/components/ui/icons";
import { EntryCard, EntryPage } from "./entry-page";
import { STATUS_LINK_REQUEST_PATH, STATUS_LINK_TEXT, type StatusLinkRequestResult } from "./status-link-request";

/**
 * The form and its answer. `initialResult`: the answer of a POST without JavaScript; `primary`: the
 * page's main action (not beside the sign-up form).
 */
export function EmailMyLinkForm({ initialResult, primary = false }: { initialResult?: StatusLinkRequestResult; primary?: boolean }) {
  const fetcher = useFetcher<StatusLinkRequestResult>();
  const result = fetcher.data ?? initialResult;
  const id = useId();
  const emailError = result?.state === "error" && result.field === "email" ? result.message : null;
  return (
    <fetcher.Form method="post" action={STATUS_LINK_REQUEST_PATH} noValidate className="space-y-4">
      <TextField
        id={`${id}-email`}
        label="Your email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={result?.email}
        error={emailError}
        errorRole="alert"
      />
      {result?.state === "error" && result.field === null ? (
        <p className="alert-error" role="alert">
          {result.message}
        </p>
      ) : null}
      <div role="status">
        {result?.state === "asked" ? (
          <div className="alert-success space-y-2 break-words" data-testid="status-link-asked">
            <p>{STATUS_LINK_TEXT.asked(result.email)}</p>
            <p className="font-normal">{STATUS_LINK_TEXT.askedHint}</p>
          </div>
        ) : null}
      </div>
      <SubmitButton submitting={fetcher.state === "submitting"} pendingLabel={STATUS_LINK_TEXT.sending} className={`btn ${primary ? "btn-primary" : "btn-secondary"} w-full sm:w-auto`}>
        {STATUS_LINK_TEXT.button}
      </SubmitButton>
    </fetcher.Form>
  );
}

/** Under the /waitlist form: one line until opened, so the sign-up form keeps its place on a phone. */
export function EmailMyLinkDisclosure() {
  return (
    <div className="container-page max-w-3xl py-10">
      <details className="group rounded-2xl border border-line bg-surface" data-testid="email-my-link">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-3 font-semibold hover:bg-surface-sunken [&::-webkit-details-marker]:hidden">
          {STATUS_LINK_TEXT.disclosure}
          <ChevronDownIcon width={20} height={20} aria-hidden="true" className="shrink-0 text-ink-muted transition-transform group-open:rotate-180" />
        </summary>
        <div className="space-y-4 border-t border-line px-5 pt-4 pb-5">
          <p className="text-sm text-ink-muted">{STATUS_LINK_TEXT.lead}</p>
          <EmailMyLinkForm />
        </div>
      </details>
    </div>
  );
}

/** On the status page when its link does not work (never worked, signed out, expired). */
export function EmailMyLinkCard() {
  return (
    <EntryCard title="Get a fresh link" titleId="email-my-link-heading">
      <p className="mt-1 mb-5 text-sm text-ink-muted">{STATUS_LINK_TEXT.lead}</p>
      <EmailMyLinkForm primary />
    </EntryCard>
  );
}

/** /waitlist/link: the form on its own, and where it answers without JavaScript. */
export function EmailMyLinkPage({ result }: { result?: StatusLinkRequestResult }) {
  return (
    <EntryPage title={STATUS_LINK_TEXT.title} lead={STATUS_LINK_TEXT.lead}>
      <div className="card p-6 sm:p-8">
        <EmailMyLinkForm initialResult={result} primary />
      </div>
    </EntryPage>
  );
}
