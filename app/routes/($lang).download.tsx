import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { AppStoreLink } from "~/components/info/AppStoreLink";
import { CtaPanel } from "~/components/info/CtaPanel";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { ComingSoonPlatforms } from "~/components/landing/ComingSoonPlatforms";
import { NotifyProvider } from "~/features/notify/notify-context";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { FREE_PLAN, TRIAL_DAYS } from "~/content/plans";
import { planTextOf } from "~/components/info/plan-text";
import { useSiteUrl } from "~/hooks/useSiteUrl";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "download.title", description: "download.description", path: "/download" });

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["download", "info", "pricing", "notify"]) });
}

/** What the App Store listing states; the listing itself is the authority for the exact figures. */
const REQUIREMENTS = ["iphone", "ipad", "size", "languages", "price"] as const;

/** The App Store listing's address as a link (its text is the message's). */
function ListingLink({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <a className="info-link break-all" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t("info.newTab")}</span>
    </a>
  );
}

export default function DownloadPage() {
  // This page's address without the scheme, readable enough to type.
  const localized = useLocalizedPath();
  const pageAddress = `${new URL(useSiteUrl()).host}${localized("/download")}`;
  const t = useT();
  return (
    <NotifyProvider>
      <PageIntro
        eyebrow={t("download.eyebrow")}
        title={t("download.heading", { appName })}
        lead={t("download.lead")}
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
          <AppStoreLink />
          <Link to={localized("/pricing")} className="btn btn-secondary btn-lg">
            {t("download.seePricing")}
          </Link>
        </div>
        <div className="download-hint mt-8">
          <p className="font-semibold">{t("download.computer.title")}</p>
          <p className="mt-1 text-ink-muted">
            <T
              id="download.computer.body"
              values={{ address: pageAddress, appName, listingUrl: siteConfig.appStoreUrl }}
              components={{ address: <strong className="text-ink" />, listing: <ListingLink /> }}
            />
          </p>
        </div>
      </PageIntro>

      <section aria-labelledby="requirements-heading" className="section">
        <div className="container-page grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="requirements-heading"
              eyebrow={t("download.requirements.eyebrow")}
              title={t("download.requirements.title")}
              lead={t("download.requirements.lead")}
            />
            <dl className="requirements card mt-8">
              {REQUIREMENTS.map((item) => (
                <div key={item}>
                  <dt>{t(`download.requirements.${item}`)}</dt>
                  <dd>{t(`download.requirements.${item}Value`)}</dd>
                </div>
              ))}
            </dl>
          </div>

          <div>
            <SectionHeading
              id="included-heading"
              eyebrow={t("download.included.eyebrow")}
              title={t("download.included.title")}
              lead={t("download.included.lead", { appName })}
            />
            <ul className="mt-8 space-y-3">
              {FREE_PLAN.includes.map((item) => (
                <li key={item} className="flex gap-3">
                  <span className="check-bubble" />
                  <span>{planTextOf(t)(item)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-ink-muted">
              {t(MARKETING_CLAIMS.noCreditCard ? "download.included.proNoCard" : "download.included.pro", { days: TRIAL_DAYS })}{" "}
              <Link to={localized("/pricing")} className="info-link">
                {t("download.included.compare")}
              </Link>
            </p>
          </div>
        </div>
      </section>

      <ComingSoonPlatforms />

      <CtaPanel
        id="beta-heading"
        title={t("download.beta.title")}
        lead={t("download.beta.lead")}
        actionsClassName="flex justify-center"
      >
        <Link to={localized("/waitlist")} className="btn btn-primary btn-lg">
          {t("download.beta.button")}
        </Link>
      </CtaPanel>
    </NotifyProvider>
  );
}
