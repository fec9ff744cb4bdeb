import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { BotTrapFields } from "~/components/ui/BotTrapFields";
import { staticIsland } from "~/components/ui/StaticIsland";
import { CheckIcon, ShareIcon, SpinnerIcon } from "~/components/ui/Icons";
import { siteConfig } from "~/config/site";
import { WaitlistIntro as WaitlistIntroMarkup } from "./waitlist-intro.server";

/** The heading, lead and benefits: static, so server HTML only on the first load (StaticIsland). */
const WaitlistIntro = staticIsland(WaitlistIntroMarkup, () => import("./waitlist-intro").then((m) => m.WaitlistIntro));
import { useCopyToClipboard } from "~/hooks/useCopyToClipboard";
import { useHydrated } from "~/hooks/useHydrated";
import { trackFormSubmit } from "~/features/analytics/browser/track";
import { firstTouchAttribution, type Attribution } from "~/lib/attribution";
import { WAITLIST_TEXT } from "~/lib/messages";
import { submitWaitlist } from "~/lib/waitlist-client";
import { emailProblem, isHoneypotFilled, type WaitlistResult } from "~/lib/waitlist-rules";

export interface WaitlistSectionProps {
  /** Server time the form was rendered (epoch ms): the bot time trap measures from it. */
  renderedAt: number;
  /** Attribution of the page request, used when JavaScript is off. */
  attribution: Attribution;
  /** The answer of a document POST (no JavaScript), rendered in place of an empty form. */
  initialResult?: WaitlistResult;
  /** The submit label (the waitlist_cta A/B test varies it). */
  submitLabel?: string;
  source?: string;
  /** 1 when the section is the page itself (/waitlist), 2 inside the landing page. */
  headingLevel?: 1 | 2;
}


/** The form's name in analytics events (spec section 7: form submit "beta_signup"). */
const WAITLIST_FORM_ID = "beta_signup";

export function WaitlistSection(props: WaitlistSectionProps) {
  // Changing the key remounts the form: "Back to Homepage" returns to an empty one.
  const [formKey, setFormKey] = useState(0);
  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="section bg-brand-gradient">
      <div className="container-page grid items-start gap-12 lg:grid-cols-2">
        <WaitlistIntro headingLevel={props.headingLevel ?? 2} className="block" />
        <div className="card p-6 sm:p-8">
          <WaitlistForm
            key={formKey}
            {...props}
            initialResult={formKey === 0 ? props.initialResult : undefined}
            focusOnMount={formKey > 0}
            onReset={() => setFormKey((k) => k + 1)}
          />
        </div>
      </div>
    </section>
  );
}

function WaitlistForm({
  renderedAt,
  attribution,
  initialResult,
  submitLabel = WAITLIST_TEXT.submit,
  source = "main_waitlist_section",
  focusOnMount,
  onReset,
  headingLevel = 2,
}: WaitlistSectionProps & { focusOnMount: boolean; onReset: () => void }) {
  const SubHeading = headingLevel === 1 ? "h2" : "h3";
  const [answer, setAnswer] = useState<WaitlistResult | undefined>(initialResult);
  const [submitting, setSubmitting] = useState(false);
  const result = answer;
  const [clientError, setClientError] = useState<string | null>(null);
  const [tracking, setTracking] = useState(attribution);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = { email: useId(), name: useId(), error: useId(), status: useId() };

  useEffect(() => setTracking(firstTouchAttribution()), []);
  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  if (result?.state === "success") {
    return <WelcomeScreen onBack={onReset} headingLevel={headingLevel} />;
  }

  const serverError = result?.state === "error" ? result : null;
  const emailError = clientError ?? (serverError?.field === "email" ? serverError.message : null);
  const nameError = serverError?.field === "name" ? serverError.message : null;
  const formError = !clientError && serverError && serverError.field === null ? serverError.message : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Enhanced: no page reload. Without JavaScript the form posts to /waitlist as a page.
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? "");
    // Spec section 5: a filled trap is dropped silently; a bad email is never sent.
    if (isHoneypotFilled({ honeypot: field("honeypot"), website: field("website") })) return;
    const problem = emailProblem(field("email"));
    setClientError(problem);
    if (problem) {
      trackFormSubmit(WAITLIST_FORM_ID, problem);
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    const next = await submitWaitlist(data);
    setSubmitting(false);
    // A trap answer ("idle") resets the sending state and shows nothing.
    setAnswer(next.state === "idle" ? undefined : next);
    if (next.state !== "idle") trackFormSubmit(WAITLIST_FORM_ID, next.state === "error" ? next.message : null, source);
  }

  return (
    <form method="post" action="/waitlist" onSubmit={onSubmit} noValidate aria-describedby={ids.status} data-track-form={WAITLIST_FORM_ID}>
      <SubHeading className="text-xl font-semibold">Reserve your spot</SubHeading>
      <p className="mt-1 text-sm text-ink-muted">Beta invitations go out in the order people join.</p>

      <div className="mt-6 space-y-4">
        <div>
          <label htmlFor={ids.name} className="field-label">
            Name <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <input
            id={ids.name}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={100}
            defaultValue={serverError?.values.name}
            className="field-input"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids.name}-error` : undefined}
          />
          {nameError ? (
            <p id={`${ids.name}-error`} className="field-error">
              {nameError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.email} className="field-label">
            Email address
          </label>
          <input
            ref={emailRef}
            id={ids.email}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            placeholder="you@example.com"
            defaultValue={serverError?.values.email}
            className="field-input"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? ids.error : undefined}
            autoFocus={Boolean(emailError && !clientError)}
          />
          {emailError ? (
            <p id={ids.error} className="field-error" role="alert">
              {emailError}
            </p>
          ) : null}
        </div>
      </div>

      <BotTrapFields />
      <input type="hidden" name="submissionTime" value={renderedAt} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="intent" value="beta_testing" />
      <input type="hidden" name="platform" value="ios" />
      <input type="hidden" name="referrer" value={tracking.referrer} />
      <input type="hidden" name="utm_source" value={tracking.utm_source} />
      <input type="hidden" name="utm_medium" value={tracking.utm_medium} />
      <input type="hidden" name="utm_campaign" value={tracking.utm_campaign} />

      {formError ? (
        <p className="alert-error mt-4" role="alert">
          {formError}
        </p>
      ) : null}

      <button type="submit" className="btn btn-primary btn-lg mt-6 w-full" disabled={submitting}>
        {submitting ? (
          <>
            <SpinnerIcon />
            {WAITLIST_TEXT.submitting}
          </>
        ) : (
          submitLabel
        )}
      </button>
      <p id={ids.status} className="mt-4 text-center text-xs text-ink-muted">
        {WAITLIST_TEXT.privacyNote}
      </p>
    </form>
  );
}

function WelcomeScreen({ onBack, headingLevel }: { onBack: () => void; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h2" : "h3";
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const { copied, copy } = useCopyToClipboard();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const shareText = `I just joined the ${siteConfig.appName} beta: a privacy-first way to save and organise links on iPhone.`;

  async function share() {
    const url = `${window.location.origin}${pathname === "/waitlist" ? "/home" : pathname}`;
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

  const onLanding = pathname === "/" || pathname === "/home";
  return (
    <div className="text-center" data-testid="waitlist-welcome">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success-100 text-success-700">
        <CheckIcon width={28} height={28} />
      </span>
      <Heading ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight">
        Welcome to the beta program!
      </Heading>
      <p className="mt-2 text-ink-muted">You're on the list. Here's what happens next:</p>
      <ol className="mt-6 space-y-3 text-left">
        {WAITLIST_TEXT.nextSteps.map((step, index) => (
          <li key={step} className="flex items-start gap-3 rounded-xl bg-surface-sunken p-3">
            <span className="step-number">{index + 1}</span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {hydrated ? (
          <button type="button" className="btn btn-secondary" onClick={share}>
            <ShareIcon width={18} height={18} />
            <span aria-live="polite">{copied ? "Copied to clipboard!" : WAITLIST_TEXT.share}</span>
          </button>
        ) : null}
        <a
          className="btn btn-primary"
          href="/home#waitlist"
          onClick={(event) => {
            if (!onLanding) return;
            event.preventDefault();
            onBack();
          }}
        >
          {WAITLIST_TEXT.backToHomepage}
        </a>
      </div>
    </div>
  );
}
