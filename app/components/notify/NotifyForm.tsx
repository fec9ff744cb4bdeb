import { useId, useState, type FormEvent } from "react";
import { BotTrapFields } from "~/components/ui/BotTrapFields";
import { SpinnerIcon } from "~/components/ui/Icons";
import { trackFormSubmit } from "~/features/analytics/browser/track";
import { NOTIFY_TEXT, notifySuccessMessage } from "~/lib/messages";
import { submitWaitlist } from "~/lib/waitlist-client";
import type { WaitlistResult } from "~/lib/waitlist-rules";
import { notifyHref } from "./notify-href";
import { PLATFORM_LABELS, type NotifyRequest } from "./notify-types";

/**
 * Name + email form of the notification modal and of the /notify page (its no-JavaScript twin).
 * It stores through the same waitlist path as the main form.
 */
export function NotifyForm({
  request,
  renderedAt,
  initialResult,
  onSuccess,
  autoFocus = false,
}: {
  request: NotifyRequest;
  renderedAt: number;
  initialResult?: WaitlistResult;
  onSuccess?: () => void;
  autoFocus?: boolean;
}) {
  const [result, setResult] = useState<WaitlistResult | undefined>(initialResult);
  const [submitting, setSubmitting] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const ids = { name: useId(), email: useId() };
  const platformLabel = PLATFORM_LABELS[request.platform];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    if (!form.reportValidity()) return;
    setSubmitting(true);
    const answer = await submitWaitlist(new FormData(form));
    setSubmitting(false);
    if (answer.state === "idle") return;
    setResult(answer);
    // The form shows its generic message for any failure (spec section 4): that is what is recorded.
    trackFormSubmit("notify_signup", answer.state === "error" ? NOTIFY_TEXT.genericError : null, "notification_modal");
    if (answer.state === "success") {
      setFormKey((k) => k + 1); // clears the fields
      onSuccess?.();
    }
  }

  const values = result?.state === "error" ? result.values : undefined;
  return (
    <form key={formKey} method="post" action={notifyHref(request)} onSubmit={onSubmit} className="space-y-4" data-track-form="notify_signup">
      <div>
        <label htmlFor={ids.name} className="field-label">
          Name
        </label>
        <input
          id={ids.name}
          name="name"
          type="text"
          required
          autoComplete="name"
          maxLength={100}
          defaultValue={values?.name}
          className="field-input"
          autoFocus={autoFocus}
        />
      </div>
      <div>
        <label htmlFor={ids.email} className="field-label">
          Email address
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          placeholder="you@example.com"
          defaultValue={values?.email}
          className="field-input"
        />
      </div>
      <BotTrapFields />
      <input type="hidden" name="submissionTime" value={renderedAt} />
      <input type="hidden" name="source" value="notification_modal" />
      <input type="hidden" name="intent" value={request.intent} />
      <input type="hidden" name="platform" value={request.platform} />

      <div aria-live="polite">
        {result?.state === "success" ? (
          <p className="alert-success" role="status">
            {notifySuccessMessage(platformLabel, request.intent)}
          </p>
        ) : null}
        {result?.state === "error" ? (
          <p className="alert-error" role="alert">
            {NOTIFY_TEXT.genericError}
          </p>
        ) : null}
      </div>

      <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
        {submitting ? (
          <>
            <SpinnerIcon />
            {NOTIFY_TEXT.submitting}
          </>
        ) : (
          NOTIFY_TEXT.submit
        )}
      </button>
    </form>
  );
}
