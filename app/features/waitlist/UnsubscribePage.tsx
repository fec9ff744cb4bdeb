import { Link } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { ENTRY_PAGE_TEXT } from "~/lib/messages";
import { BackHomeLink, EntryPage, InvalidLinkPage, TokenForm } from "./entry-page";
import type { UnsubscribeView } from "./entry-views";
import { STATUS_LINK_REQUEST_PATH } from "./status-link-request";

/** /waitlist/unsubscribe in each of its states (entry-views.ts). */
export function UnsubscribePage({ view }: { view: UnsubscribeView }) {
  switch (view.state) {
    case "invalid":
      return <InvalidLinkPage />;
    case "ready":
      return (
        <EntryPage
          title={ENTRY_PAGE_TEXT.unsubscribeTitle}
          lead={`You'll get no more email from ${siteConfig.appName}: no beta invitation, no news.${view.pending ? "" : " If you only want fewer emails, choose them on your status page instead: we can email you its link."}`}
        >
          <div className="card flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:p-8">
            <TokenForm
              token={view.token}
              intent="unsubscribe"
              label={ENTRY_PAGE_TEXT.unsubscribeButton}
              pendingLabel={ENTRY_PAGE_TEXT.unsubscribing}
              buttonClassName="btn btn-primary w-full sm:w-auto"
            />
            {view.pending ? null : (
              <Link className="btn btn-secondary" to={STATUS_LINK_REQUEST_PATH}>
                Choose my emails instead
              </Link>
            )}
          </div>
        </EntryPage>
      );
    case "unsubscribed":
      return (
        <EntryPage
          icon="success"
          title={ENTRY_PAGE_TEXT.unsubscribedTitle}
          lead={`${siteConfig.appName} won't email you again. Nothing else changes until you say so.`}
        >
          <p className="text-ink-muted">The link to your status page in our earlier emails lets you rejoin the waitlist or delete your data.</p>
          <BackHomeLink look="secondary" />
        </EntryPage>
      );
  }
}
