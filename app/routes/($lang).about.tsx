import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { SupportSection } from "~/components/landing/SupportSection";
import { InstagramIcon, XLogoIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { siteUrlOf, translatedPageMeta } from "~/lib/seo";
import { organizationData } from "~/lib/structured-data";
import type { RouteHandle } from "~/root";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "about.title", description: "about.description", path: "/about" }),
    { "script:ld+json": organizationData(siteUrlOf(matches)) },
  ];
};

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["about", "info"]) });
}

/** Concrete commitments, each one something the app and this site actually do. */
const PRINCIPLES = ["noAds", "neverSold", "onDevice", "encrypted", "consent", "lockIn"] as const;

const SOCIAL: readonly { key: keyof typeof siteConfig.social; icon: ReactNode }[] = [
  { key: "x", icon: <XLogoIcon /> },
  { key: "instagram", icon: <InstagramIcon /> },
];

/** Nothing here is interactive but the shell: the page ships only its islands (ADR 0060). */
export const handle: RouteHandle = { hydrate: false };

export default function AboutPage() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <>
      <PageIntro
        eyebrow={t("about.eyebrow")}
        title={t("about.heading")}
        lead={t("about.lead", { appName })}
      />

      <section aria-labelledby="story-heading" className="section">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
          <SectionHeading id="story-heading" eyebrow={t("about.story.eyebrow")} title={t("about.story.title", { appName })} />
          <div className="info-prose">
            <p>{t("about.story.p1")}</p>
            <p>{t("about.story.p2", { appName })}</p>
            <p>{t("about.story.p3")}</p>
            <p>{t("about.story.p4", { appName })}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="principles-heading" className="section bg-surface-sunken">
        <div className="container-page">
          <SectionHeading
            id="principles-heading"
            eyebrow={t("about.principles.eyebrow")}
            title={t("about.principles.title")}
            lead={t("about.principles.lead")}
          />
          <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {PRINCIPLES.map((principle, index) => (
              <li key={principle} className="flex">
                <article className="card w-full p-6" aria-labelledby={`principle-${index}`}>
                  <h3 id={`principle-${index}`} className="text-lg font-semibold">
                    {t(`about.principles.${principle}.title`)}
                  </h3>
                  <p className="mt-2 text-ink-muted">{t(`about.principles.${principle}.body`, { appName })}</p>
                </article>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to={localized("/privacy.html")} className="info-link" reloadDocument>
              {t("about.principles.readPolicy")}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="section">
        <div className="container-page grid gap-10 md:grid-cols-2">
          <div>
            <SectionHeading
              id="contact-heading"
              eyebrow={t("about.contact.eyebrow")}
              title={t("about.contact.title")}
              lead={t("about.contact.lead")}
            />
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={localized("/contact")} className="btn btn-primary btn-lg">
                {t("about.contact.button")}
              </Link>
              <a href={`mailto:${siteConfig.supportEmail}`} className="btn btn-secondary btn-lg">
                {siteConfig.supportEmail}
              </a>
            </div>
          </div>
          <div>
            <h3 className="text-lg font-semibold">{t("about.contact.followTitle")}</h3>
            <p className="mt-2 text-ink-muted">{t("about.contact.followLead")}</p>
            <ul className="mt-5 space-y-3">
              {SOCIAL.map(({ key, icon }) => {
                const profile = siteConfig.social[key];
                return (
                  <li key={key}>
                    <a className="social-link" href={profile.url} target="_blank" rel="noopener noreferrer">
                      <span className="feature-icon h-11 w-11">{icon}</span>
                      <span>
                        <span className="block font-semibold">{profile.label}</span>
                        <span className="block text-sm text-ink-muted">{profile.handle}</span>
                      </span>
                      <span className="sr-only"> {t("info.newTab")}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>

      <div className="pb-4">
        <SupportSection />
      </div>
    </>
  );
}
