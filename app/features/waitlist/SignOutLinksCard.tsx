import { T, useT } from "~/lib/i18n/react";
import { Notice, EntryCard, TokenForm } from "./entry-page";
import type { StatusActionResult } from "./entry-views";

/**
 * "Sign out old links" on the status page (ADR 0045): every earlier link to the page stops working,
 * this one included, and a new one goes to the inbox, never to this page.
 */
export function SignOutLinksCard({ token, email, result }: { token: string; email: string; result?: StatusActionResult }) {
  const t = useT();
  return (
    <EntryCard title={t("status.signOut.title")} titleId="sign-out-heading">
      <p className="mt-1 mb-5 text-sm text-ink-muted">
        <T id="status.signOut.lead" values={{ email }} components={{ email: <span className="break-all" /> }} />
      </p>
      {result?.intent === "sign-out" ? (
        <div className="mb-4">
          <Notice tone="error">{t("status.signOut.emailOff")}</Notice>
        </div>
      ) : null}
      <TokenForm token={token} intent="sign-out" label={t("status.signOut.button")} pendingLabel={t("status.signOut.signingOut")} buttonClassName="btn btn-secondary" />
    </EntryCard>
  );
}
