import { Icon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { trackedClick } from "~/features/analytics/browser/track";
import { T, useT } from "~/lib/i18n/react";

const CoffeeIcon = () => (
  <Icon size={22}>
    <path d="M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9z" />
    <path d="M17 11h1.5a2.5 2.5 0 0 1 0 5H17" />
    <path d="M8 3.5c0 1 .8 1.5.8 2.5M12 3.5c0 1 .8 1.5.8 2.5" />
  </Icon>
);

export function SupportSectionMarkup() {
  const t = useT();
  return (
    <section aria-labelledby="support-heading" className="section">
      <div className="container-page">
        <div className="support-panel mx-auto max-w-3xl text-center">
          <span className="feature-icon mx-auto">
            <CoffeeIcon />
          </span>
          <h2 id="support-heading" className="section-title mt-5">
            {t("homeIslands.support.title")}
          </h2>
          <p className="section-lead mx-auto max-w-xl">{t("homeIslands.support.lead", { appName: siteConfig.appName })}</p>
          <a
            className="btn btn-lg support-button mt-8"
            href={siteConfig.donationUrl}
            target="_blank"
            rel="noopener noreferrer"
            {...trackedClick("support_developer_click")}
          >
            <CoffeeIcon />
            <T id="homeIslands.support.button" components={{ hidden: <span className="sr-only" /> }} />
          </a>
          <p className="mt-4 text-sm text-ink-muted">{t("homeIslands.support.note")}</p>
        </div>
      </div>
    </section>
  );
}
