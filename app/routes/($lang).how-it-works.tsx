import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { DownloadCta } from "~/components/info/DownloadCta";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { FaqSection } from "~/components/landing/FaqSection";
import { HowItWorksTabs } from "~/components/landing/HowItWorksTabs";
import { siteConfig } from "~/config/site";
import { FAQ_IDS, faqEntries } from "~/content/faq";
import { howItWorksViews } from "~/content/how-it-works";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "howItWorksPage.title", description: "howItWorksPage.description", path: "/how-it-works" });

/** The page's own words, and the content and sections it hydrates. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["howItWorksPage", "info", "faq", "faqSection", "howItWorks", "howItWorksTabs", "howItWorksDrawings"]) });
}

/** The three steps, told as a story: what you do, and what the app does on your device meanwhile. */
const STEPS = ["save", "organise", "find"] as const;

/** The FAQ without the two answers that point at the landing page's own sections ("on this page"). */
const HOW_IT_WORKS_FAQ = FAQ_IDS.filter((id) => id !== "beta" && id !== "platforms");

export default function HowItWorksPage() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <>
      <PageIntro
        eyebrow={t("howItWorksPage.eyebrow")}
        title={t("howItWorksPage.heading")}
        lead={t("howItWorksPage.lead", { appName })}
      />

      <section aria-labelledby="steps-heading" className="section">
        <div className="container-page">
          <SectionHeading
            id="steps-heading"
            eyebrow={t("howItWorksPage.steps.eyebrow")}
            title={t("howItWorksPage.steps.title")}
            lead={t("howItWorksPage.steps.lead")}
          />
          <ol className="mt-12 grid gap-6 lg:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex">
                <article className="card flex w-full flex-col p-6 sm:p-8" aria-labelledby={`step-${index + 1}-title`}>
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 id={`step-${index + 1}-title`} className="mt-4 text-xl font-bold tracking-tight">
                    <span className="sr-only">{`${t("howItWorksPage.steps.stepLabel", { number: index + 1 })} `}</span>
                    {t(`howItWorksPage.steps.${step}.title`)}
                  </h3>
                  <p className="mt-3 text-ink-muted">{t(`howItWorksPage.steps.${step}.p1`, { appName })}</p>
                  <p className="mt-3 text-ink-muted">{t(`howItWorksPage.steps.${step}.p2`)}</p>
                  {/* The text sits beside the badge, or under it where a longer badge leaves it too little room. */}
                  <p className="mt-auto flex flex-wrap gap-x-3 gap-y-2 pt-5 text-sm font-medium">
                    <span className="info-on-device">{t("howItWorksPage.steps.onDevice")}</span>
                    <span className="min-w-0 grow basis-32">{t(`howItWorksPage.steps.${step}.onDevice`)}</span>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <div className="bg-surface-sunken">
        <HowItWorksTabs views={howItWorksViews(t)} />
      </div>

      <section aria-labelledby="sanitization-heading" className="section">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="sanitization-heading"
              eyebrow={t("howItWorksPage.sanitization.eyebrow")}
              title={t("howItWorksPage.sanitization.title")}
              lead={t("howItWorksPage.sanitization.lead", { appName })}
            />
            <p className="mt-6">
              <Link to={localized("/link-sanitization")} className="btn btn-primary">
                {t("howItWorksPage.sanitization.button")}
              </Link>
            </p>
          </div>
          <figure className="card p-5 sm:p-7">
            <figcaption className="text-sm font-semibold">{t("howItWorksPage.sanitization.caption")}</figcaption>
            <p className="mt-4 text-xs font-semibold tracking-wider text-ink-muted uppercase">{t("howItWorksPage.sanitization.before")}</p>
            <p className="sanitize-url mt-2">
              https://shop.example.com/boots/trail-runner?size=42
              <del className="sanitize-tracker">&amp;utm_source=instagram</del>
              <del className="sanitize-tracker">&amp;utm_medium=social</del>
              <del className="sanitize-tracker">&amp;fbclid=PAZXh0bgNhZW0CMTEAAR</del>
            </p>
            <p className="mt-4 text-xs font-semibold tracking-wider text-ink-muted uppercase">{t("howItWorksPage.sanitization.after")}</p>
            <p className="sanitize-url sanitize-url-clean mt-2">https://shop.example.com/boots/trail-runner?size=42</p>
            <p className="mt-4 text-sm text-ink-muted">
              <T id="howItWorksPage.sanitization.result" components={{ code: <code /> }} />
            </p>
          </figure>
        </div>
      </section>

      <FaqSection
        entries={faqEntries(t, HOW_IT_WORKS_FAQ)}
        className="bg-surface-sunken"
        lead={t("howItWorksPage.faqLead")}
        betaHref={localized("/waitlist")}
      />

      <DownloadCta />
    </>
  );
}
