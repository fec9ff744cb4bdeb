import { Notice, EntryCard, TokenForm } from "./entry-page";
import type { StatusActionResult } from "./entry-views";

/**
 * "Sign out old links" on the status page (ADR 0045): every earlier link to the page stops working,
 * this one included, and a new one goes to the inbox, never to this page.
 */
export function SignOutLinksCard({ token, email, result }: { token: string; email: string; result?: StatusActionResult }) {
  return (
    <EntryCard title="Sign out old links" titleId="sign-out-heading">
      <p className="mt-1 mb-5 text-sm text-ink-muted">
        Forwarded one of our emails, or opened this page on someone else&apos;s device? Sign out every link to this page, this one included. We
        email a new link to <span className="break-all">{email}</span>.
      </p>
      {result?.intent === "sign-out" ? (
        <div className="mb-4">
          <Notice tone="error">We can&apos;t send email at the moment, so your links stay as they are. Please try again later.</Notice>
        </div>
      ) : null}
      <TokenForm token={token} intent="sign-out" label="Sign out old links" pendingLabel="Signing out..." buttonClassName="btn btn-secondary" />
    </EntryCard>
  );
}
