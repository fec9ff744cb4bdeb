import { Link } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { BackHomeLink, EntryPage, InvalidLinkPage, TokenForm } from "./entry-page";
import type { UnsubscribeView } from "./entry-views";
import { STATUS_LINK_REQUEST_PATH } from "./status-link-request";

/** /waitlist/unsubscribe in each of its states (entry-views.ts). */
export function UnsubscribePage({ view }: { view: UnsubscribeView }) {
  const t = useT();
  const localized = useLocalizedPath();
  const appName = siteConfig.appName;
  switch (view.state) {
    case "invalid":
      return <InvalidLinkPage />;
    case "ready":
      return (
        <EntryPage title={t("status.unsubscribe.title")} lead={t(view.pending ? "status.unsubscribe.leadPending" : "status.unsubscribe.lead", { appName })}>
          <div className="card flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:p-8">
            <TokenForm
              token={view.token}
              intent="unsubscribe"
              label={t("status.unsubscribe.button")}
              pendingLabel={t("status.unsubscribe.unsubscribing")}
              buttonClassName="btn btn-primary w-full sm:w-auto"
            />
            {view.pending ? null : (
              <Link className="btn btn-secondary" to={localized(STATUS_LINK_REQUEST_PATH)}>
                {t("status.unsubscribe.chooseEmails")}
              </Link>
            )}
          </div>
        </EntryPage>
      );
    case "unsubscribed":
      return (
        <EntryPage icon="success" title={t("status.unsubscribed.title")} lead={t("status.unsubscribe.doneLead", { appName })}>
          <p className="text-ink-muted">{t("status.unsubscribe.doneBody")}</p>
          <BackHomeLink look="secondary" />
        </EntryPage>
      );
  }
}
