import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { DownloadCta } from "~/components/info/DownloadCta";
import { PageIntro } from "~/components/info/PageIntro";
import { FeatureIconSvg } from "~/components/landing/FeatureGridMarkup";
import { RoadmapTabs } from "~/components/landing/RoadmapTabs";
import { NotifyProvider } from "~/features/notify/notify-context";
import { siteConfig } from "~/config/site";
import { featureGroups, localizedFeatures, type Feature, type FeatureGroup } from "~/content/features";
import { localizedReleases } from "~/content/roadmap";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "featuresPage.title", description: "featuresPage.description", path: "/features" });

/** The page's own words, and the content and sections it hydrates. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["featuresPage", "info", "features", "roadmap", "roadmapTabs"]) });
}


/**
 * /features: every feature of app/content/features.ts, grouped, each an <article> whose id is its
 * slug, so the landing grid's "Learn more" links (/features#<slug>) land on it.
 */
export default function FeaturesPage() {
  const t = useT();
  const groups = featureGroups(t);
  const features = localizedFeatures(t);
  const featuresIn = (group: FeatureGroup): readonly Feature[] => features.filter((feature) => feature.group === group.id);
  return (
    <NotifyProvider>
      <PageIntro
        eyebrow={t("featuresPage.eyebrow")}
        title={t("featuresPage.heading")}
        lead={t("featuresPage.lead", { appName })}
      >
        <nav aria-label={t("featuresPage.groupsNav")} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`} className="btn btn-secondary btn-sm">
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageIntro>

      {groups.map((group, index) => (
        <section
          key={group.id}
          id={group.id}
          aria-labelledby={`${group.id}-heading`}
          className={index % 2 === 0 ? "section" : "section bg-surface-sunken"}
        >
          <div className="container-page">
            <div className="max-w-2xl">
              <p className="eyebrow">{t("featuresPage.groupPosition", { position: index + 1, total: groups.length })}</p>
              <h2 id={`${group.id}-heading`} className="section-title">
                {group.title}
              </h2>
              <p className="section-lead">{group.intro}</p>
            </div>
            <ul className={featuresIn(group).length === 3 ? "mt-10 grid gap-5 lg:grid-cols-3" : "mt-10 grid gap-5 md:grid-cols-2"}>
              {featuresIn(group).map((feature) => (
                <li key={feature.slug} className="flex">
                  <FeatureDetail feature={feature} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <RoadmapTabs releases={localizedReleases(t)} />
      <DownloadCta />
    </NotifyProvider>
  );
}

function FeatureDetail({ feature }: { feature: Feature }) {
  const t = useT();
  const localized = useLocalizedPath();
  const titleId = `${feature.slug}-title`;
  return (
    <article id={feature.slug} aria-labelledby={titleId} className="info-feature card">
      <div className="flex items-start justify-between gap-4">
        <span className="feature-icon">
          <FeatureIconSvg icon={feature.icon} />
        </span>
        <span className="badge">{t("featuresPage.since", { version: feature.since })}</span>
      </div>
      <h3 id={titleId} className="mt-5 text-xl font-bold tracking-tight">
        {feature.title}
      </h3>
      <p className="mt-2 font-medium">{feature.summary}</p>
      {feature.details?.map((paragraph) => (
        <p key={paragraph} className="mt-3 text-ink-muted">
          {paragraph}
        </p>
      ))}
      {feature.guide ? (
        <p className="mt-5">
          <Link to={localized(feature.guide.href)} className="info-link">
            {feature.guide.label}
            <span aria-hidden="true"> →</span>
          </Link>
        </p>
      ) : null}
    </article>
  );
}
