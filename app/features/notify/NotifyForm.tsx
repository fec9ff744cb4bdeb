import { useEffect, useId, useRef } from "react";
import { BotTrapFields } from "~/components/forms/BotTrapFields";
import { ConfirmationSentNote } from "~/components/forms/ConfirmationSentNote";
import { HumanCheckField } from "~/components/forms/HumanCheckField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { useHumanCheck } from "~/components/forms/useHumanCheck";
import { usePublicForm } from "~/components/forms/usePublicForm";
import { offersUpdatesChoice, UPDATES_CHOICE_FIELD } from "~/features/waitlist/sign-up-request";
import { notifySchema, type SignUpSent } from "~/features/waitlist/sign-up-schema";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { NOTIFY_TEXT } from "~/lib/messages";
import type { PublicFormAnswer } from "~/lib/public-form-answer";
import { notifyHref } from "./notify-href";
import type { NotifyRequest } from "./notify-types";

/** The form's name in analytics events. */
const NOTIFY_FORM_ID = "notify_signup";
/** The form element's id (conform finds the form by it). */
const NOTIFY_FORM_ELEMENT_ID = "notify-form";

/**
 * Name + email form of the notification modal and of the /notify page (its no-JavaScript twin),
 * on the public form stack (ADR 0051). It posts to /notify, whose action is the waitlist's: a refusal
 * the person cannot act on comes back as the spec's one generic message (section 4).
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
  initialResult?: PublicFormAnswer<SignUpSent>;
  onSuccess?: () => void;
  autoFocus?: boolean;
}) {
  const ids = { name: useId(), email: useId(), updates: useId() };
  const humanCheck = useHumanCheck("notify");
  const t = useT();
  const localized = useLocalizedPath();
  const { form, fields, answer, submitting, formProps } = usePublicForm(notifySchema, {
    id: NOTIFY_FORM_ELEMENT_ID,
    action: localized(notifyHref(request)),
    pageAnswer: initialResult,
    analyticsName: NOTIFY_FORM_ID,
    conversionSource: "notification_modal",
    humanCheck,
    unansweredMessage: NOTIFY_TEXT.genericError,
  });

  // A success clears the form (spec section 4); the modal closes a moment later.
  const succeeded = answer?.state === "success" ? answer : null;
  const done = useRef(onSuccess);
  done.current = onSuccess;
  useEffect(() => {
    if (!succeeded) return;
    (document.getElementById(form.id) as HTMLFormElement | null)?.reset();
    done.current?.();
  }, [succeeded, form.id]);

  const formError = form.errors?.[0];
  return (
    <form {...formProps} onFocus={humanCheck.start} onInput={humanCheck.start} className="space-y-4" data-track-form={NOTIFY_FORM_ID}>
      <TextField
        id={ids.name}
        label={t("notify.form.nameLabel")}
        error={fields.name.errors?.[0]}
        name={fields.name.name}
        type="text"
        required
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        defaultValue={fields.name.initialValue}
        autoFocus={autoFocus}
      />
      <TextField
        id={ids.email}
        label={t("notify.form.emailLabel")}
        error={fields.email.errors?.[0]}
        name={fields.email.name}
        type="email"
        required
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        placeholder={t("notify.form.emailPlaceholder")}
        defaultValue={fields.email.initialValue}
      />
      {/* News and updates are a choice of their own on a platform request, never ticked for the person. */}
      {offersUpdatesChoice(request) ? (
        <p className="flex items-start gap-3">
          <input id={ids.updates} name={UPDATES_CHOICE_FIELD} value="yes" type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600" />
          <label htmlFor={ids.updates} className="text-sm">
            {t("notify.form.updatesChoice")}
          </label>
        </p>
      ) : null}
      <BotTrapFields renderedAt={renderedAt} />
      <input type="hidden" name="source" value="notification_modal" />
      <input type="hidden" name="intent" value={request.intent} />
      <input type="hidden" name="platform" value={request.platform} />

      <HumanCheckField check={humanCheck} />

      <div aria-live="polite">
        {succeeded ? (
          <>
            <p className="alert-success" role="status">
              {request.intent === "beta_testing"
                ? t("notify.form.successBeta")
                : t("notify.form.success", { platform: t(`notify.platforms.${request.platform}`) })}
            </p>
            {succeeded.pendingConfirmation ? <ConfirmationSentNote email={succeeded.email} className="mt-3" /> : null}
          </>
        ) : null}
        {formError ? (
          <p className="alert-error" role="alert">
            {formError}
          </p>
        ) : null}
      </div>

      <SubmitButton submitting={submitting} pendingLabel={t("notify.form.submitting")} className="btn btn-primary w-full">
        {t("notify.form.submit")}
      </SubmitButton>
    </form>
  );
}
