import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { ComparisonTable } from "~/components/info/ComparisonTable";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { PlanCard } from "~/components/info/PlanCard";
import { FaqSection } from "~/components/landing/FaqSection";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { billingFaq, PLANS, TRIAL_DAYS } from "~/content/plans";
import { planTextOf } from "~/components/info/plan-text";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { langOfMatches, metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { plansStructuredData } from "~/lib/structured-data";
import { siteUrlOf, translatedPageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...translatedPageMeta(matches, { title: "pricing.title", description: "pricing.description", path: "/pricing", values: { days: TRIAL_DAYS } }),
    { "script:ld+json": plansStructuredData(PLANS, siteUrlOf(matches), langOfMatches(matches), planTextOf(t)) },
  ];
};

/** The page's own words, and the FAQ it hydrates. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["pricing", "info", "faq", "faqSection"]) });
}

const TRIAL_POINTS = [
  "pricing.trialPoints.trial",
  ...(MARKETING_CLAIMS.noCreditCard ? (["pricing.trialPoints.noCard"] as const) : []),
  "pricing.trialPoints.cancel",
] as const;

export default function PricingPage() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <>
      <PageIntro
        eyebrow={t("pricing.eyebrow")}
        title={t("pricing.heading")}
        lead={t("pricing.lead", { appName })}
        centered
      >
        <ul className="mx-auto mt-8 flex w-fit flex-col items-start gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6">
          {TRIAL_POINTS.map((point) => (
            <li key={point} className="flex items-start gap-2 text-left font-medium">
              <span className="check-bubble" />
              {t(point, { days: TRIAL_DAYS })}
            </li>
          ))}
        </ul>
      </PageIntro>

      <section aria-labelledby="plans-heading" className="section pt-4 lg:pt-6">
        <div className="container-page">
          <h2 id="plans-heading" className="sr-only">
            {t("pricing.plansHeading")}
          </h2>
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
            {PLANS.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-ink-muted">{t("pricing.pricesNote")}</p>
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="section bg-surface-sunken">
        <div className="container-page max-w-5xl">
          <SectionHeading
            id="compare-heading"
            eyebrow={t("pricing.compare.eyebrow")}
            title={t("pricing.compare.title")}
            lead={t("pricing.compare.lead")}
            centered
          />
          <div className="mt-10">
            <ComparisonTable />
          </div>
        </div>
      </section>

      <FaqSection
        entries={billingFaq(t, planTextOf(t))}
        eyebrow={t("pricing.faq.eyebrow")}
        title={t("pricing.faq.title")}
        lead={t("pricing.faq.lead")}
        betaHref={localized("/waitlist")}
      />
    </>
  );
}
