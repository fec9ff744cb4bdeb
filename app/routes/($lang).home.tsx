import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingSoonPlatforms } from "~/components/landing/ComingSoonPlatforms";
import { FeatureGrid } from "~/components/landing/FeatureGrid";
import { HeroSection } from "~/components/landing/HeroSection";
import { LinkSanitizationHighlight } from "~/components/landing/LinkSanitizationHighlight";
import { SupportSection } from "~/components/landing/SupportSection";
import {
  LateFaqSection,
  LateHowItWorksTabs,
  LateReviewsSection,
  LateRoadmapTabs,
  LateScreenshotsCarousel,
  LateV2Showcase,
  LateWaitlistSection,
} from "~/components/landing/late-sections";
import { NotifyProvider } from "~/features/notify/notify-context";
import { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import { localizedPath } from "~/lib/i18n/languages";
import { langOfMatches } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { loadLandingPage } from "~/lib/landing.server";
import { translatedPageMeta } from "~/lib/seo";
import { jsonForHtml } from "~/lib/inline-json";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "home.meta.title", description: "home.meta.description", path: "/home" }),
    // The features page in the page's own language (`links` cannot know it: it gets no params).
    { tagName: "link", rel: "prefetch", href: localizedPath(langOfMatches(matches), "/features") },
    // Built by the loader (SoftwareApplication, Organization, and FAQPage from the same list the
    // accordion renders, in the page's language), so the builders stay out of the browser bundle.
    ...(data?.structuredData ?? []).map((item) => ({ "script:ld+json": item })),
  ];
};

/**
 * The resource hints of spec section 2 that still make sense once third parties wait for consent
 * (ADR 0012): the first two screenshots here, the features page in `meta`, fetched at idle priority. No font or
 * third-party hints: there is no web font, and nothing may contact another host before consent.
 */
export const links: LinksFunction = () => [
  // No `as`: HTML allows it only on preload links (the Nu Html Checker rejects it on prefetch).
  { rel: "prefetch", href: "/images/screenshots/home.svg" },
  { rel: "prefetch", href: "/images/screenshots/categories.svg" },
];

/** The loader's headers (the A/B visitor cookie, no-store) apply to the document. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return loadLandingPage(request, context, lang, () => ({ waitlistForm: waitlistFormContext(request) }));
}

/** The landing page: the spec's sections in the spec's order (section 2). */
export default function LandingPage() {
  const { waitlistForm, reviews, ab, abLabels, content } = useLoaderData<typeof loader>();
  return (
    <NotifyProvider>
      {/* The visitor's A/B assignment, for the analytics layer (impressions, conversions). */}
      <script type="application/json" id="ab-assignments" dangerouslySetInnerHTML={{ __html: jsonForHtml(ab) }} />
      <HeroSection headline={abLabels.heroHeadline} ctaLabel={abLabels.heroCta} />
      <LinkSanitizationHighlight />
      <LateV2Showcase features={content.v2} />
      <FeatureGrid features={content.featureGrid} />
      <LateScreenshotsCarousel />
      <ComingSoonPlatforms />
      <LateHowItWorksTabs views={content.howItWorks} />
      <LateReviewsSection reviews={reviews} />
      <LateRoadmapTabs releases={content.roadmap} />
      <LateFaqSection entries={content.faq} />
      <LateWaitlistSection {...waitlistForm} submitLabel={abLabels.waitlistCta} />
      <SupportSection />
    </NotifyProvider>
  );
}
