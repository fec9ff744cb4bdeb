import { Link } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { EntryCard, Notice } from "./entry-page";

/**
 * On a notify-me entry's status page: the way into the beta (its form, which asks the address to
 * confirm), or, once asked, that the confirmation is waiting in the inbox.
 */
export function JoinBetaNote({ pending }: { pending: boolean }) {
  const t = useT();
  const localized = useLocalizedPath();
  if (pending) return <Notice tone="success">{t("status.joinBeta.pending")}</Notice>;
  return (
    <EntryCard title={t("status.joinBeta.title")} titleId="join-beta-heading">
      <p className="mt-1 text-sm text-ink-muted">{t("status.joinBeta.lead", { appName: siteConfig.appName })}</p>
      <p className="mt-5">
        <Link className="btn btn-secondary" to={localized("/waitlist")}>
          {t("status.joinBeta.button")}
        </Link>
      </p>
    </EntryCard>
  );
}
