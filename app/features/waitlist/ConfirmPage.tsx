import { Link } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { useLang, useLocalizedPath, useT } from "~/lib/i18n/react";
import { EntryCard, EntryPage, InvalidLinkPage, Notice, TokenForm } from "./entry-page";
import { notifyRequestValues } from "./entry-request";
import type { ConfirmView } from "./entry-views";

/** /waitlist/confirm in each of its states (entry-views.ts). */
export function ConfirmPage({ view }: { view: ConfirmView }) {
  const t = useT();
  const lang = useLang();
  const localized = useLocalizedPath();
  const appName = siteConfig.appName;
  switch (view.state) {
    case "invalid":
      return <InvalidLinkPage />;
    case "ready": {
      const notify = notifyRequestValues(view.request, t, lang);
      return (
        <EntryPage
          title={view.firstName ? t("status.confirm.titleNamed", { firstName: view.firstName }) : t("status.confirm.title")}
          eyebrow={view.request.beta ? undefined : t("status.page.notifyEyebrow")}
          lead={
            !view.request.beta
              ? t(view.rejoining ? "status.confirm.leadNotifyRejoin" : "status.confirm.leadNotify", notify)
              : t(view.rejoining ? "status.confirm.leadBetaRejoin" : "status.confirm.leadBeta", { appName })
          }
        >
          <div className="card p-6 sm:p-8">
            <TokenForm
              token={view.token}
              intent="confirm"
              label={t("status.confirm.button")}
              pendingLabel={t("status.confirm.confirming")}
              buttonClassName="btn btn-primary btn-lg w-full sm:w-auto"
            />
            <p className="mt-4 text-sm text-ink-muted">{view.request.beta ? t("status.confirm.noteBeta") : t("status.confirm.noteNotify", notify)}</p>
          </div>
        </EntryPage>
      );
    }
    case "already_confirmed":
      return (
        <EntryPage
          icon="success"
          eyebrow={view.request.beta ? undefined : t("status.page.notifyEyebrow")}
          title={t("status.confirm.alreadyConfirmed")}
          lead={view.request.beta ? t("status.confirm.alreadyLeadBeta") : t("status.confirm.alreadyLeadNotify", notifyRequestValues(view.request, t, lang))}
        >
          <p>
            <Link className="btn btn-primary" to={localized(view.statusPath)}>
              {view.request.beta ? t("status.confirm.seePlace") : t("status.confirm.seeStatus")}
            </Link>
          </p>
        </EntryPage>
      );
    case "expired":
      return (
        <EntryPage
          title={view.alreadyConfirmed ? t("status.confirm.alreadyConfirmed") : t("status.confirm.expiredTitle")}
          lead={view.alreadyConfirmed ? t("status.confirm.expiredConfirmedLead") : t("status.confirm.expiredLead")}
        >
          {view.canResend ? (
            <EntryCard title={t("status.confirm.resendTitle")} titleId="resend-heading">
              <p className="mt-1 mb-5 text-sm text-ink-muted">{t("status.confirm.resendLead")}</p>
              <TokenForm token={view.token} intent="resend" label={t("status.confirm.resendButton")} pendingLabel={t("status.confirm.resending")} />
            </EntryCard>
          ) : null}
        </EntryPage>
      );
    case "resent": {
      const sent = view.outcome === "sent";
      return (
        <EntryPage title={sent ? t("status.confirm.resentTitle") : t("status.confirm.tooSoonTitle")}>
          <Notice tone={sent ? "success" : "error"}>{sent ? t("status.confirm.resent") : t("status.confirm.resendTooSoon")}</Notice>
        </EntryPage>
      );
    }
  }
}
