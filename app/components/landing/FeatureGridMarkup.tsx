import { Icon } from "~/components/ui/icons";
import { Link } from "@remix-run/react";
import type { SVGProps } from "react";
import type { Feature, FeatureIcon } from "~/content/features";
import { siteConfig } from "~/config/site";
import { trackedClick } from "~/features/analytics/browser/track";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";


const ICON_PATHS: Record<FeatureIcon, string[]> = {
  folder: ["M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z", "M3 10h18"],
  search: ["M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z", "M20 20l-4-4"],
  shield: ["M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z", "M8.5 12l2.5 2.5 4.5-5"],
  qr: [
    "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4z",
    "M14 14h2v2h-2zM18 14h2M14 18v2M18 18h2v2h-2",
    "M6.5 6.5h1v1h-1zM16.5 6.5h1v1h-1zM6.5 16.5h1v1h-1z",
  ],
  users: [
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
    "M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1",
    "M16 3.5a4 4 0 0 1 0 7.5M22 21v-1a6 6 0 0 0-4-5.6",
  ],
  cloud: ["M7 18a5 5 0 0 1-.6-9.96A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z", "M12 11v5M9.5 13.5L12 11l2.5 2.5"],
  sparkles: ["M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3z", "M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15z"],
  lock: ["M6 11h12v10H6z", "M8 11V7a4 4 0 0 1 8 0v4", "M12 15v2"],
  bell: ["M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2z", "M10 20a2 2 0 0 0 4 0"],
  link: ["M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5", "M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5"],
};

/** A feature's inline icon (decorative: the card's title names the feature). */
export function FeatureIconSvg({ icon, ...props }: { icon: FeatureIcon } & SVGProps<SVGSVGElement>) {
  return (
    <Icon size={24} strokeWidth={1.8} {...props}>
      {ICON_PATHS[icon].map((d) => (
        <path key={d} d={d} />
      ))}
    </Icon>
  );
}

/**
 * Six static cards. Each is an <article>, not a fake button: its one interactive element is the
 * "Learn more" link to /features#<slug>, stretched over the card so a click anywhere on it
 * follows the link (and records feature_card_click) while keyboard users meet one real link.
 */
/** The cards to show: FEATURE_GRID in the page's language, passed in by the loader so the copy stays out of the bundle. */
export type FeatureCard = Pick<Feature, "slug" | "title" | "summary" | "icon">;

export function FeatureGridMarkup({ features }: { features: readonly FeatureCard[] }) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <section id="features" aria-labelledby="features-heading" className="section">
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="eyebrow">{t("homeIslands.featureGrid.eyebrow")}</p>
          <h2 id="features-heading" className="section-title">
            {t("homeIslands.featureGrid.title")}
          </h2>
          <p className="section-lead">{t("homeIslands.featureGrid.lead", { appName: siteConfig.appName })}</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.slug} className="flex">
              <article className="feature-card card" aria-labelledby={`feature-${feature.slug}`}>
                <span className="feature-icon">
                  <FeatureIconSvg icon={feature.icon} />
                </span>
                <h3 id={`feature-${feature.slug}`} className="mt-5 text-lg font-semibold">
                  {feature.title}
                </h3>
                <p className="mt-2 flex-1 text-ink-muted">{feature.summary}</p>
                <Link
                  to={localized(`/features#${feature.slug}`)}
                  className="stretched-link mt-5 inline-flex items-center gap-1 font-semibold text-(--accent-text)"
                  {...trackedClick("feature_card_click", { feature: feature.slug })}
                >
                  <T id="homeIslands.featureGrid.learnMore" values={{ feature: feature.title }} components={{ hidden: <span className="sr-only" /> }} />
                  <span aria-hidden="true">→</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
