import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BotTrapFields } from "~/components/forms/BotTrapFields";
import { ConfirmationSentNote } from "~/components/forms/ConfirmationSentNote";
import { HumanCheckField } from "~/components/forms/HumanCheckField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { usePublicForm } from "~/components/forms/usePublicForm";
import { useHumanCheck } from "~/components/forms/useHumanCheck";
import { staticIsland } from "~/components/islands";
import { CheckIcon, MailIcon, ShareIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";

import { useCopyToClipboard } from "~/hooks/useCopyToClipboard";
import { useHydrated } from "~/hooks/useHydrated";
import { firstTouchAttribution, type Attribution } from "~/lib/attribution";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { splitLanguage } from "~/lib/i18n/languages";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";
import type { PublicFormAnswer } from "~/lib/public-form-answer";
import { waitlistSchema, type SignUpSent } from "./sign-up-schema";

/** The heading, lead and benefits: static, so server HTML only on the first load (StaticIsland). */
const WaitlistIntro = staticIsland("WaitlistIntro", () => import("./waitlist-intro").then((m) => m.WaitlistIntro));

export interface WaitlistSectionProps {
  /** Server time the form was rendered (epoch ms), sent as the spec's submissionTime. */
  renderedAt: number;
  /** Attribution of the page request, used when JavaScript is off. */
  attribution: Attribution;
  /** The referral code of the link the visitor came through (/waitlist?ref=…), posted with the form. */
  referralCode?: string | null;
  /** The referral code belongs to someone on the list: the form says a friend invited the visitor (never who). */
  invitedByFriend?: boolean;
  /** The answer of a document POST (no JavaScript), rendered in place of an empty form. */
  initialResult?: PublicFormAnswer<SignUpSent>;
  /** The submit label (the waitlist_cta A/B test varies it); waitlist.form.submit when not given. */
  submitLabel?: string;
  source?: string;
  /** 1 when the section is the page itself (/waitlist), 2 inside the landing page. */
  headingLevel?: 1 | 2;
}


/** The form's name in analytics events (spec section 7: form submit "beta_signup"). */
const WAITLIST_FORM_ID = "beta_signup";
/** The form element's id (conform finds the form by it). */
const WAITLIST_FORM_ELEMENT_ID = "waitlist-form";

export function WaitlistSection(props: WaitlistSectionProps) {
  // Changing the key remounts the form: "Back to Homepage" returns to an empty one.
  const [formKey, setFormKey] = useState(0);
  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="section bg-brand-gradient">
      {/* The form right under the heading on a phone; from lg up beside both parts of the text, whose
          second row takes any extra height. Explicit columns: a long address must not widen the page. */}
      <div className="container-page grid grid-cols-1 items-start gap-x-12 gap-y-8 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-y-0">
        <WaitlistIntro part="heading" headingLevel={props.headingLevel ?? 2} className="block lg:col-start-1 lg:row-start-1" />
        <div className="card p-6 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <WaitlistForm
            key={formKey}
            {...props}
            initialResult={formKey === 0 ? props.initialResult : undefined}
            focusOnMount={formKey > 0}
            onReset={() => setFormKey((k) => k + 1)}
          />
        </div>
        <WaitlistIntro part="details" className="block lg:col-start-1 lg:row-start-2" />
      </div>
    </section>
  );
}

function WaitlistForm({
  renderedAt,
  attribution,
  referralCode = null,
  invitedByFriend = false,
  initialResult,
  submitLabel,
  source = "main_waitlist_section",
  focusOnMount,
  onReset,
  headingLevel = 2,
}: WaitlistSectionProps & { focusOnMount: boolean; onReset: () => void }) {
  const t = useT();
  const localized = useLocalizedPath();
  const SubHeading = headingLevel === 1 ? "h2" : "h3";
  const [tracking, setTracking] = useState(attribution);
  const emailRef = useRef<HTMLInputElement>(null);
  // Fixed, not useId(): on /home the form hydrates in a root of its own (ADR 0061), where React's ids
  // would not match the server's; there is one such form per page.
  const ids = { email: `${WAITLIST_FORM_ELEMENT_ID}-email`, name: `${WAITLIST_FORM_ELEMENT_ID}-name`, error: `${WAITLIST_FORM_ELEMENT_ID}-error`, status: `${WAITLIST_FORM_ELEMENT_ID}-status` };
  const humanCheck = useHumanCheck("waitlist");
  // Without JavaScript an answer with an error renders the form again: the referral link's code stays.
  const action = localized(referralCode ? `/waitlist?ref=${referralCode}` : "/waitlist");
  const { form, fields, answer, submitting, formProps } = usePublicForm(waitlistSchema, {
    id: WAITLIST_FORM_ELEMENT_ID,
    action,
    pageAnswer: initialResult,
    analyticsName: WAITLIST_FORM_ID,
    conversionSource: source,
    humanCheck,
  });

  useEffect(() => setTracking(firstTouchAttribution()), []);
  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  if (answer?.state === "success") {
    return (
      <WelcomeScreen
        onBack={onReset}
        headingLevel={headingLevel}
        confirmationTo={answer.pendingConfirmation ? { email: answer.email } : undefined}
      />
    );
  }

  // The email's first message is its problem; a second says a new confirmation link is on its way.
  const [emailProblem, emailNote] = fields.email.errors ?? [];
  const formError = form.errors?.[0];

  return (
    <form {...formProps} onFocus={humanCheck.start} onInput={humanCheck.start} aria-describedby={ids.status} data-track-form={WAITLIST_FORM_ID}>
      {invitedByFriend ? (
        <p className="mb-4 rounded-xl bg-brand-500/10 px-3 py-2 text-sm font-semibold text-ink" data-testid="referral-invite">
          {t("waitlist.form.referralInvite")}
        </p>
      ) : null}
      <SubHeading className="text-xl font-semibold">{t("waitlist.form.heading")}</SubHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("waitlist.form.lead")}</p>

      <div className="mt-6 space-y-4">
        <TextField
          id={ids.name}
          label={<T id="waitlist.form.nameLabel" components={{ optional: <span className="font-normal text-ink-muted" /> }} />}
          error={fields.name.errors?.[0]}
          name={fields.name.name}
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          defaultValue={fields.name.initialValue}
        />
        <TextField
          id={ids.email}
          label={t("waitlist.form.emailLabel")}
          error={
            emailProblem ? (
              <>
                {emailProblem}
                {emailNote ? (
                  <span className="mt-1 block font-normal text-ink" data-testid="confirmation-resent">
                    {emailNote}
                  </span>
                ) : null}
              </>
            ) : null
          }
          errorId={ids.error}
          errorRole="alert"
          inputRef={emailRef}
          name={fields.email.name}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          placeholder={t("waitlist.form.emailPlaceholder")}
          defaultValue={fields.email.initialValue}
        />
      </div>

      <BotTrapFields renderedAt={renderedAt} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="intent" value="beta_testing" />
      <input type="hidden" name="platform" value="ios" />
      <input type="hidden" name="referrer" value={tracking.referrer} />
      <input type="hidden" name="utm_source" value={tracking.utm_source} />
      <input type="hidden" name="utm_medium" value={tracking.utm_medium} />
      <input type="hidden" name="utm_campaign" value={tracking.utm_campaign} />
      {referralCode ? <input type="hidden" name="ref" value={referralCode} /> : null}

      <HumanCheckField check={humanCheck} className="mt-4" />

      {formError ? (
        <p className="alert-error mt-4" role="alert">
          {formError}
        </p>
      ) : null}

      <SubmitButton submitting={submitting} pendingLabel={t("waitlist.form.submitting")} className="btn btn-primary btn-lg mt-6 w-full">
        {submitLabel ?? t("waitlist.form.submit")}
      </SubmitButton>
      <p id={ids.status} className="mt-4 text-center text-xs text-ink-muted">
        {t("waitlist.form.privacyNote")}
        {invitedByFriend ? <span className="mt-1 block">{t("waitlist.form.referralCredit")}</span> : null}
      </p>
    </form>
  );
}

/** The spec's three next steps (section 2), in order: their words are waitlist.welcome.nextSteps.<key>. */
const NEXT_STEPS = ["invitations", "earlyAccess", "perfect"] as const;

function WelcomeScreen({
  onBack,
  headingLevel,
  confirmationTo,
}: {
  onBack: () => void;
  headingLevel: 1 | 2;
  /** Set while the sign-up waits for its confirmation link (email on, ADR 0031). */
  confirmationTo?: { email?: string };
}) {
  const t = useT();
  const localized = useLocalizedPath();
  const Heading = headingLevel === 1 ? "h2" : "h3";
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const { copied, copy } = useCopyToClipboard();
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    // A card whose top is out of sight (under the sticky header, or above the screen) comes into view
    // from its top, icon included: focusing the heading alone would scroll only the heading into view.
    const element = card.current;
    const clearance = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (element && element.getBoundingClientRect().top < clearance) element.scrollIntoView({ block: "start" });
  }, []);

  const shareText = t("waitlist.welcome.shareText", { appName: siteConfig.appName });
  // The page without its language prefix: /de/waitlist shares /de/home.
  const page = splitLanguage(pathname).path;

  async function share() {
    const url = `${window.location.origin}${page === "/waitlist" ? localized("/home") : pathname}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: siteConfig.appName, text: shareText, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copy(`${shareText} ${url}`);
  }

  const onLanding = page === "/" || page === "/home";
  return (
    <div ref={card} className="scroll-mt-10 text-center" data-testid="waitlist-welcome">
      {confirmationTo ? (
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-500/10 text-brand-600 dark:text-brand-300">
          <MailIcon width={28} height={28} />
        </span>
      ) : (
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success-100 text-success-700">
          <CheckIcon width={28} height={28} />
        </span>
      )}
      <Heading ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight">
        {confirmationTo ? t("waitlist.welcome.pendingHeading") : t("waitlist.welcome.joinedHeading")}
      </Heading>
      {confirmationTo ? <ConfirmationSentNote email={confirmationTo.email} titled={false} className="mt-4" /> : null}
      <p className={`${confirmationTo ? "mt-4" : "mt-2"} text-ink-muted`}>
        {confirmationTo ? t("waitlist.welcome.pendingNextSteps") : t("waitlist.welcome.joinedNextSteps")}
      </p>
      <ol className="mt-6 space-y-3 text-left">
        {NEXT_STEPS.map((step, index) => (
          <li key={step} className="flex items-start gap-3 rounded-xl bg-surface-sunken p-3">
            <span className="step-number">{index + 1}</span>
            <span>{t(`waitlist.welcome.nextSteps.${step}`)}</span>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {hydrated ? (
          <button type="button" className="btn btn-secondary" onClick={share}>
            <ShareIcon width={18} height={18} />
            <span aria-live="polite">{copied ? t("waitlist.welcome.copied") : t("waitlist.welcome.share")}</span>
          </button>
        ) : null}
        <a
          className="btn btn-primary"
          href={`${localized("/home")}#waitlist`}
          onClick={(event) => {
            if (!onLanding) return;
            event.preventDefault();
            onBack();
          }}
        >
          {t("waitlist.welcome.backToHomepage")}
        </a>
      </div>
    </div>
  );
}
