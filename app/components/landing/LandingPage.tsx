/** The landing page: the spec's sections in the spec's order (section 2). */
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
import type { SerializeFrom } from "@remix-run/cloudflare";
import { AB_ASSIGNMENTS_ELEMENT_ID } from "~/features/analytics/browser/ab-events";
import { NotifyProvider } from "~/features/notify/notify-context";
import type { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import type { loadLandingPage } from "~/lib/landing.server";
import { jsonForHtml } from "~/lib/inline-json";

/** The landing loader's data (the route's), as the page renders it. */
export type LandingPageData = SerializeFrom<typeof loadLandingPage<{ waitlistForm: ReturnType<typeof waitlistFormContext> }>>;
export type LandingPageProps = Pick<LandingPageData, "waitlistForm" | "reviews" | "ab" | "abLabels" | "content">;

export function LandingPage({ waitlistForm, reviews, ab, abLabels, content }: LandingPageProps) {
  return (
    <NotifyProvider>
      {/* The visitor's A/B assignment, for the analytics layer (impressions, conversions). */}
      <script type="application/json" id={AB_ASSIGNMENTS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(ab) }} />
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
