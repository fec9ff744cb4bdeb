import { Link } from "@remix-run/react";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { TRIAL_DAYS } from "~/content/plans";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { AppStoreLink } from "./AppStoreLink";
import { CtaPanel } from "./CtaPanel";

/** The closing call to action of the information pages: download, or join the beta. */
export function DownloadCta({ title }: { title?: string }) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <CtaPanel
      id="cta-heading"
      title={title ?? t("info.cta.title", { appName: siteConfig.appName })}
      lead={t(MARKETING_CLAIMS.noCreditCard ? "info.cta.leadNoCard" : "info.cta.lead", { days: TRIAL_DAYS })}
      actionsClassName="flex flex-col justify-center gap-3 sm:flex-row"
    >
      <AppStoreLink />
      <Link to={localized("/waitlist")} className="btn btn-secondary btn-lg">
        {t("info.cta.joinBeta")}
      </Link>
    </CtaPanel>
  );
}
