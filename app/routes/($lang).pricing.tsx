import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ComparisonTable } from "~/components/info/ComparisonTable";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { PlanCard } from "~/components/info/PlanCard";
import { FaqSection } from "~/components/landing/FaqSection";
import { CheckIcon } from "~/components/ui/icons";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { billingFaq, PLANS, TRIAL_DAYS } from "~/content/plans";
import { plansStructuredData } from "~/lib/structured-data";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useT } from "~/lib/i18n/react";
import { pageMeta, siteUrlOf } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: `Pricing · ${siteConfig.appName}`,
    description: `${siteConfig.appName} is free to download and use. Pro adds end-to-end encrypted sync, unlimited collaborative collections, AI categorisation and smart reminders, with a ${TRIAL_DAYS}-day free trial.`,
    path: "/pricing",
  }, matches),
  { "script:ld+json": plansStructuredData(PLANS, siteUrlOf(matches)) },
];

const TRIAL_POINTS = [
  `${TRIAL_DAYS}-day free trial of Pro and Family`,
  ...(MARKETING_CLAIMS.noCreditCard ? ["No credit card required"] : []),
  "Cancel any time in your Apple ID settings",
];

/** The content and sections this page hydrates read in the browser (its own text is still English). */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["faq", "faqSection"]) });
}

export default function PricingPage() {
  const t = useT();
  return (
    <>
      <PageIntro
        eyebrow="Pricing"
        title="Free to start. Pro when you want sync and sharing."
        lead={`The free tier is the whole everyday app, not a demo. Pro adds the features that need servers, and the money keeps ${siteConfig.appName} independent, ad-free and yours.`}
        centered
      >
        <ul className="mx-auto mt-8 flex w-fit flex-col items-start gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6">
          {TRIAL_POINTS.map((point) => (
            <li key={point} className="flex items-start gap-2 text-left font-medium">
              <span className="check-bubble">
                <CheckIcon width={14} height={14} />
              </span>
              {point}
            </li>
          ))}
        </ul>
      </PageIntro>

      <section aria-labelledby="plans-heading" className="section pt-4 lg:pt-6">
        <div className="container-page">
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
            {PLANS.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-ink-muted">
            Prices are in US dollars as listed on the US App Store. Apple sets the price for each country and shows it in
            your local currency, including any tax, on the App Store before you subscribe. Subscriptions renew
            automatically until you cancel.
          </p>
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="section bg-surface-sunken">
        <div className="container-page max-w-5xl">
          <SectionHeading
            id="compare-heading"
            eyebrow="Compare"
            title="What each plan includes"
            lead="Pro Monthly and Pro Yearly include the same features; only the billing differs."
            centered
          />
          <div className="mt-10">
            <ComparisonTable />
          </div>
        </div>
      </section>

      <FaqSection
        entries={billingFaq(t)}
        eyebrow="Billing"
        title="Questions about plans and billing"
        lead="Trials, switching plans, refunds and what happens to your links."
        betaHref="/waitlist"
      />
    </>
  );
}
