import { useId, useState } from "react";
import { BotTrapFields } from "~/components/forms/BotTrapFields";
import { ConfirmationSentNote } from "~/components/forms/ConfirmationSentNote";
import { HumanCheckField } from "~/components/forms/HumanCheckField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { useEnhancedSubmit } from "~/components/forms/useEnhancedSubmit";
import { useHumanCheck } from "~/components/forms/useHumanCheck";
import { WAITLIST_ENDPOINT, waitlistFailure } from "~/features/waitlist/waitlist-client";
import type { WaitlistResult } from "~/features/waitlist/waitlist-rules";
import { offersUpdatesChoice, UPDATES_CHOICE_FIELD } from "~/features/waitlist/sign-up-request";
import { DISPOSABLE_ADDRESS_MESSAGE, HUMAN_CHECK_MESSAGES, NOTIFY_TEXT, notifySuccessMessage } from "~/lib/messages";
import { notifyHref } from "./notify-href";
import { PLATFORM_LABELS, type NotifyRequest } from "./notify-types";

/** The form's name in analytics events. */
const NOTIFY_FORM_ID = "notify_signup";

/**
 * Refusals a retry cannot fix, shown as the server words them; anything else gets the spec's one
 * generic message (section 4).
 */
const SHOWN_AS_SENT: ReadonlySet<string> = new Set([DISPOSABLE_ADDRESS_MESSAGE, HUMAN_CHECK_MESSAGES.missing, HUMAN_CHECK_MESSAGES.failed]);

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
  const [formKey, setFormKey] = useState(0);
  /** The address of a successful sign-up, for the confirmation line (unknown without JavaScript). */
  const [signedUpEmail, setSignedUpEmail] = useState<string>();
  const ids = { name: useId(), email: useId(), updates: useId() };
  const humanCheck = useHumanCheck("notify");
  const platformLabel = PLATFORM_LABELS[request.platform];
  // No validate step: without noValidate the browser checks the required fields before it lets the
  // form be submitted at all.
  const { submitting, onSubmit } = useEnhancedSubmit<WaitlistResult>({
    endpoint: WAITLIST_ENDPOINT,
    formId: NOTIFY_FORM_ID,
    conversionSource: "notification_modal",
    // The form shows its generic message for any failure (spec section 4): that is what is recorded.
    recordedError: NOTIFY_TEXT.genericError,
    failure: waitlistFailure,
    humanCheck,
    onAnswer: (answer, sent) => {
      if (answer.state === "idle") return;
      setResult(answer);
      if (answer.state === "success") {
        setSignedUpEmail(String(sent.get("email") ?? ""));
        setFormKey((k) => k + 1); // clears the fields
        onSuccess?.();
      }
    },
  });

  const values = result?.state === "error" ? result.values : undefined;
  return (
    <form
      key={formKey}
      method="post"
      action={notifyHref(request)}
      onSubmit={onSubmit}
      onFocus={humanCheck.start}
      onInput={humanCheck.start}
      className="space-y-4"
      data-track-form={NOTIFY_FORM_ID}
    >
      <TextField
        id={ids.name}
        label="Name"
        name="name"
        type="text"
        required
        autoComplete="name"
        maxLength={100}
        defaultValue={values?.name}
        autoFocus={autoFocus}
      />
      <TextField
        id={ids.email}
        label="Email address"
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        placeholder="you@example.com"
        defaultValue={values?.email}
      />
      {/* News and updates are a choice of their own on a platform request, never ticked for the person. */}
      {offersUpdatesChoice(request) ? (
        <p className="flex items-start gap-3">
          <input id={ids.updates} name={UPDATES_CHOICE_FIELD} value="yes" type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600" />
          <label htmlFor={ids.updates} className="text-sm">
            {NOTIFY_TEXT.updatesChoice}
          </label>
        </p>
      ) : null}
      <BotTrapFields renderedAt={renderedAt} />
      <input type="hidden" name="source" value="notification_modal" />
      <input type="hidden" name="intent" value={request.intent} />
      <input type="hidden" name="platform" value={request.platform} />

      <HumanCheckField check={humanCheck} />

      <div aria-live="polite">
        {result?.state === "success" ? (
          <>
            <p className="alert-success" role="status">
              {notifySuccessMessage(platformLabel, request.intent)}
            </p>
            {result.pendingConfirmation ? <ConfirmationSentNote email={signedUpEmail} className="mt-3" /> : null}
          </>
        ) : null}
        {result?.state === "error" ? (
          <p className="alert-error" role="alert">
            {SHOWN_AS_SENT.has(result.message) ? result.message : NOTIFY_TEXT.genericError}
          </p>
        ) : null}
      </div>

      <SubmitButton submitting={submitting} pendingLabel={NOTIFY_TEXT.submitting} className="btn btn-primary w-full">
        {NOTIFY_TEXT.submit}
      </SubmitButton>
    </form>
  );
}
