import { Link } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { ENTRY_PAGE_TEXT } from "~/lib/messages";
import { EntryCard, EntryPage, InvalidLinkPage, Notice, TokenForm } from "./entry-page";
import { NOTIFY_EYEBROW, notifyPromise, notifySubject } from "./entry-request";
import type { ConfirmView } from "./entry-views";

/** /waitlist/confirm in each of its states (entry-views.ts). */
export function ConfirmPage({ view }: { view: ConfirmView }) {
  switch (view.state) {
    case "invalid":
      return <InvalidLinkPage />;
    case "ready":
      return (
        <EntryPage
          title={view.firstName ? `${view.firstName}, please confirm your email` : ENTRY_PAGE_TEXT.confirmTitle}
          eyebrow={view.request.beta ? undefined : NOTIFY_EYEBROW}
          lead={
            !view.request.beta
              ? `${view.rejoining ? "You left our list earlier. Confirm, and" : "One click and"} ${notifyPromise(view.request)}.`
              : view.rejoining
                ? `You left the ${siteConfig.appName} waitlist earlier. Confirm to rejoin it with your place in line.`
                : `One click and you're on the ${siteConfig.appName} beta waitlist, with a place in line and your own referral link.`
          }
        >
          <div className="card p-6 sm:p-8">
            <TokenForm token={view.token} intent="confirm" label={ENTRY_PAGE_TEXT.confirmButton} pendingLabel={ENTRY_PAGE_TEXT.confirming} buttonClassName="btn btn-primary btn-lg w-full sm:w-auto" />
            <p className="mt-4 text-sm text-ink-muted">
              We'll only email you about {view.request.beta ? "the beta" : notifySubject(view.request)} and the things you choose on your status
              page. Every email has a one-click unsubscribe link. Didn't ask for this? Close this page: without confirmation the address is
              deleted within 30 days.
            </p>
          </div>
        </EntryPage>
      );
    case "already_confirmed":
      return (
        <EntryPage
          icon="success"
          eyebrow={view.request.beta ? undefined : NOTIFY_EYEBROW}
          title={ENTRY_PAGE_TEXT.alreadyConfirmed}
          lead={
            view.request.beta
              ? "There's nothing more to do. Your status page shows your place in line and your referral link."
              : `There's nothing more to do: ${notifyPromise(view.request)}. Your status page shows what you hear about.`
          }
        >
          <p>
            <Link className="btn btn-primary" to={view.statusPath}>
              {view.request.beta ? "See my place in line" : "See my status page"}
            </Link>
          </p>
        </EntryPage>
      );
    case "expired":
      return (
        <EntryPage
          title={view.alreadyConfirmed ? ENTRY_PAGE_TEXT.alreadyConfirmed : ENTRY_PAGE_TEXT.expiredConfirmTitle}
          lead={
            view.alreadyConfirmed
              ? "This confirmation link has expired, but you had already confirmed. The welcome email we sent you links to your status page."
              : "Confirmation links work for 48 hours, so nobody can confirm an address with an old email."
          }
        >
          {view.canResend ? (
            <EntryCard title="Get a new link" titleId="resend-heading">
              <p className="mt-1 mb-5 text-sm text-ink-muted">We'll email a fresh confirmation link to the address you signed up with.</p>
              <TokenForm token={view.token} intent="resend" label={ENTRY_PAGE_TEXT.resendButton} pendingLabel={ENTRY_PAGE_TEXT.resending} />
            </EntryCard>
          ) : null}
        </EntryPage>
      );
    case "resent":
      return (
        <EntryPage title={view.outcome === "sent" ? "Check your inbox" : "A link is already on its way"}>
          <Notice tone={view.outcome === "sent" ? "success" : "error"}>{view.outcome === "sent" ? ENTRY_PAGE_TEXT.resent : ENTRY_PAGE_TEXT.resendTooSoon}</Notice>
        </EntryPage>
      );
  }
}
