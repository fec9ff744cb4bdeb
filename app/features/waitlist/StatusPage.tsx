import { Link } from "@remix-run/react";
import { LinkIcon } from "~/components/ui/icons";
import { useCopyToClipboard } from "~/hooks/useCopyToClipboard";
import { useHydrated } from "~/hooks/useHydrated";
import { formatUtcDate } from "~/lib/dates";
import { ENTRY_PAGE_TEXT } from "~/lib/messages";
import { EmailMyLinkCard } from "./email-my-link";
import { BackHomeLink, EntryCard, EntryPage, InvalidLinkPage, Notice, TokenForm } from "./entry-page";
import { JoinBetaNote } from "./JoinBetaNote";
import { NOTIFY_EYEBROW, NOTIFY_STATUS_LEAD, notifyPromise, notifySubject, sentence } from "./entry-request";
import { PREFERENCE_FIELDS, REJOIN_WORDING, type EntryPreferences, type StatusActionResult, type StatusView } from "./entry-views";
import { SignOutLinksCard } from "./SignOutLinksCard";

type ConfirmedView = Extract<StatusView, { state: "confirmed" }>;

/** /waitlist/status in each of its states (entry-views.ts), with the answer of its last form, if any. */
export function StatusPage({ view, result }: { view: StatusView; result?: StatusActionResult }) {
  switch (view.state) {
    case "invalid":
      return <InvalidLinkPage><EmailMyLinkCard /></InvalidLinkPage>;
    case "expired":
      return (
        <EntryPage title={ENTRY_PAGE_TEXT.expiredStatusTitle} lead="Links to your status page work for a year.">
          <EmailMyLinkCard />
        </EntryPage>
      );
    case "signed_out":
      return (
        <EntryPage icon="success" title={ENTRY_PAGE_TEXT.signedOutTitle} lead={ENTRY_PAGE_TEXT.signedOutBody}>
          <BackHomeLink />
        </EntryPage>
      );
    case "deleted":
      return (
        <EntryPage
          icon="success"
          title={ENTRY_PAGE_TEXT.deletedTitle}
          lead="Your entry, your place in line, your referral link and any email waiting for you are gone, and the links in our emails no longer work. Thank you for your interest. Goodbye!"
        >
          <p className="text-sm text-ink-muted">
            We keep only keyed fingerprints of your address (never the address itself): one so that no import or resend can
            email you again, removed if you sign up and confirm once more; and, if a friend's link brought you, one so that
            your sign-up counts for a referral only once.
          </p>
          <BackHomeLink />
        </EntryPage>
      );
    case "pending":
      return (
        <EntryPage
          title={ENTRY_PAGE_TEXT.pendingTitle}
          lead="When you signed up we emailed you a confirmation link. Open it and press Confirm: your place in line and your referral link show here afterwards."
        />
      );
    case "unsubscribed":
      return (
        <EntryPage
          title={ENTRY_PAGE_TEXT.unsubscribedTitle}
          lead={
            <>
              We stopped emailing <span className="break-all">{view.email}</span>
              {view.unsubscribedAt ? ` on ${formatUtcDate(view.unsubscribedAt)}` : ""}.{" "}
              {view.request.beta ? "You are not in line for beta invitations any more." : `You won't hear from us about ${notifySubject(view.request)}.`}
            </>
          }
        >
          <EntryCard title="Changed your mind?" titleId="rejoin-heading">
            <p className="mt-1 mb-5 text-sm text-ink-muted">
              {REJOIN_WORDING.text}
              {view.request.beta ? " You keep your earlier place in the order." : ""}
            </p>
            <TokenForm token={view.token} intent="resubscribe" label="Rejoin the waitlist" pendingLabel="Rejoining..." />
          </EntryCard>
          <DeleteDataCard token={view.token} result={result} beta={view.request.beta} />
        </EntryPage>
      );
    case "confirmed":
      return <ConfirmedStatus view={view} result={result} />;
  }
}

function ConfirmedStatus({ view, result }: { view: ConfirmedView; result?: StatusActionResult }) {
  const { place } = view;
  // A notify-me entry's page speaks of its platforms: it has no place in the beta line (ADR 0048).
  const heading = view.request.beta
    ? {
        eyebrow: "Your place in line",
        title: place ? <>You're #{place.place} in line</> : "You're on the list",
        lead: place
          ? `of ${place.total} confirmed ${place.total === 1 ? "tester" : "testers"}. Beta invitations go out in this order.`
          : "Beta invitations go out in the order people confirmed.",
      }
    : { eyebrow: NOTIFY_EYEBROW, title: sentence(notifyPromise(view.request)), lead: NOTIFY_STATUS_LEAD };
  return (
    <EntryPage {...heading}>
      {view.justConfirmed ? <Notice tone="success">{view.request.beta ? ENTRY_PAGE_TEXT.justConfirmed : ENTRY_PAGE_TEXT.justConfirmedNotify}</Notice> : null}
      {view.invitation ? <InvitationCard invitation={view.invitation} /> : null}
      {result?.intent === "resubscribe" ? <Notice tone="success">{ENTRY_PAGE_TEXT.resubscribed}</Notice> : null}
      {view.request.beta ? (
        <dl className="grid grid-cols-2 gap-4">
          <div className="stat">
            <dt>Place in line</dt>
            <dd data-testid="place-in-line">
              {place ? (
                <>
                  #{place.place} <span className="text-base font-semibold text-ink-muted">of {place.total}</span>
                </>
              ) : (
                "—"
              )}
            </dd>
          </div>
          <div className="stat">
            <dt>Friends referred</dt>
            <dd data-testid="referral-count">{view.referralCount}</dd>
          </div>
        </dl>
      ) : (
        <JoinBetaNote pending={view.betaJoinPending} />
      )}
      {view.referralUrl ? <ReferralCard url={view.referralUrl} boost={view.boost} /> : null}
      <PreferencesCard token={view.token} preferences={view.preferences} saved={result?.intent === "preferences"} beta={view.request.beta} />
      <SignOutLinksCard token={view.token} email={view.email} result={result} />
      <DeleteDataCard token={view.token} result={result} beta={view.request.beta} />
      <p className="text-sm text-ink-muted">
        Signed up as <strong className="break-all text-ink">{view.email}</strong>. Keep this page's link to yourself: anyone with it can
        see and change it. Want no email at all?{" "}
        <Link className="underline" to={view.unsubscribePath}>
          Unsubscribe
        </Link>
        .
      </p>
    </EntryPage>
  );
}

/** Once their beta invitation went out: since when, the TestFlight link, and how to install. */
function InvitationCard({ invitation }: { invitation: NonNullable<ConfirmedView["invitation"]> }) {
  return (
    <EntryCard title="You're invited to the beta" titleId="invitation-heading">
      <p className="mt-1 text-sm text-ink-muted" data-testid="invited">
        Your invitation went out on {formatUtcDate(invitation.invitedAt)}. The beta runs through TestFlight, Apple's app for testing apps before
        they reach the App Store.
      </p>
      {invitation.testflightUrl ? (
        <>
          <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm">
            <li>On your iPhone or iPad, install TestFlight from the App Store.</li>
            <li>Open the link below on that device, then tap Accept and Install.</li>
          </ol>
          <a className="btn btn-primary mt-5" href={invitation.testflightUrl} rel="noopener noreferrer" data-testid="testflight-link">
            Join the beta on TestFlight
          </a>
          <p className="mt-2 break-all text-xs text-ink-muted">{invitation.testflightUrl}</p>
        </>
      ) : (
        <p className="mt-3 text-sm">The TestFlight link is in your invitation email.</p>
      )}
    </EntryCard>
  );
}

function ReferralCard({ url, boost }: { url: string; boost: number }) {
  const hydrated = useHydrated();
  const { copied, copy } = useCopyToClipboard();
  return (
    <EntryCard title="Move up the line" titleId="referral-heading">
      <p className="mt-1 text-sm text-ink-muted">
        Share your own link.{" "}
        {boost > 0
          ? `Each friend who joins through it and confirms their email moves you ${boost} ${boost === 1 ? "place" : "places"} ahead.`
          : "We count every friend who joins through it and confirms their email."}
      </p>
      <label htmlFor="referral-link" className="field-label mt-5">
        Your referral link
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input id="referral-link" className="field-input font-mono text-sm" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        {/* Copying needs JavaScript; without it the link is there to select. */}
        {hydrated ? (
          <button type="button" className="btn btn-secondary shrink-0" onClick={() => void copy(url)}>
            <LinkIcon width={18} height={18} aria-hidden="true" />
            <span aria-live="polite">{copied ? "Copied!" : "Copy link"}</span>
          </button>
        ) : null}
      </div>
    </EntryCard>
  );
}

function PreferencesCard({ token, preferences, saved, beta }: { token: string; preferences: EntryPreferences; saved: boolean; beta: boolean }) {
  // Beta invitations are for beta testers; a notify-me person joins the beta through its form.
  const fields = beta ? PREFERENCE_FIELDS : PREFERENCE_FIELDS.filter(({ key }) => key !== "invitations");
  return (
    <EntryCard title="Email preferences" titleId="preferences-heading">
      <p className="mt-1 text-sm text-ink-muted">Choose what we may email you about. We never send anything else, and never share your address.</p>
      <TokenForm token={token} intent="preferences" label="Save preferences" pendingLabel="Saving...">
        <ul className="my-5 space-y-3">
          {fields.map(({ field, key, label, description }) => (
            <li key={field} className="cookie-category">
              <div className="min-w-0">
                <label htmlFor={field} className="font-semibold">
                  {label}
                </label>
                <p id={`${field}-description`} className="mt-0.5 text-sm text-ink-muted">
                  {description}
                </p>
              </div>
              <input id={field} name={field} value="yes" type="checkbox" role="switch" className="consent-switch" defaultChecked={preferences[key]} aria-describedby={`${field}-description`} />
            </li>
          ))}
        </ul>
        {saved ? (
          <div className="mb-4">
            <Notice tone="success">{ENTRY_PAGE_TEXT.preferencesSaved}</Notice>
          </div>
        ) : null}
      </TokenForm>
    </EntryCard>
  );
}

function DeleteDataCard({ token, result, beta }: { token: string; result?: StatusActionResult; beta: boolean }) {
  const missingConfirmation = result?.intent === "delete";
  return (
    <EntryCard title="Delete my data" titleId="delete-heading" tone="danger">
      <p className="mt-1 text-sm text-ink-muted">
        This removes your entry{beta ? ", your place in line, your referral link" : ""} and any email waiting to be sent to you. It can't be
        undone.
      </p>
      <TokenForm token={token} intent="delete" label="Delete my data" pendingLabel="Deleting..." buttonClassName="btn btn-secondary text-danger-700">
        <p className="my-5 flex items-start gap-3">
          <input
            id="delete-confirm"
            name="confirm"
            value="yes"
            type="checkbox"
            required
            className="mt-0.5 h-5 w-5 shrink-0 accent-danger-700"
            aria-invalid={missingConfirmation || undefined}
            aria-describedby={missingConfirmation ? "delete-confirm-error" : undefined}
          />
          <label htmlFor="delete-confirm">Yes, delete my data for good.</label>
        </p>
        {missingConfirmation ? (
          <p id="delete-confirm-error" className="field-error mb-4" role="alert">
            {ENTRY_PAGE_TEXT.deleteConfirmRequired}
          </p>
        ) : null}
      </TokenForm>
    </EntryCard>
  );
}
