/** The landing page: the spec's sections in the spec's order (section 2). */
import { ComingSoonPlatforms } from "~/components/landing/ComingSoonPlatforms";
import { FeatureGrid } from "~/components/landing/FeatureGrid";
import { HeroSection } from "~/components/landing/HeroSection";
import { LinkSanitizationHighlight } from "~/components/landing/LinkSanitizationHighlight";
import { SupportSection } from "~/components/landing/SupportSection";
import { FaqSection as FaqSectionComponent } from "~/components/landing/FaqSection";
import { HowItWorksTabs as HowItWorksTabsComponent } from "~/components/landing/HowItWorksTabs";
import { ReviewsSection as ReviewsSectionComponent } from "~/components/landing/ReviewsSection";
import { RoadmapTabs as RoadmapTabsComponent } from "~/components/landing/RoadmapTabs";
import { ScreenshotsCarousel as ScreenshotsCarouselComponent } from "~/components/landing/ScreenshotsCarousel";
import { V2Showcase as V2ShowcaseComponent } from "~/components/landing/V2Showcase";
import { cachedOnServer } from "~/components/islands";
import { WaitlistSection } from "~/features/waitlist/WaitlistSection";
import type { SerializeFrom } from "@remix-run/cloudflare";
import { NotifyProvider } from "~/features/notify/notify-context";
import type { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import type { loadLandingPage } from "~/lib/landing.server";

/** The landing loader's data (the route's), as the page renders it. */
export type LandingPageData = SerializeFrom<typeof loadLandingPage<{ waitlistForm: ReturnType<typeof waitlistFormContext> }>>;
export type LandingPageProps = Pick<LandingPageData, "waitlistForm" | "reviews" | "abLabels" | "content">;

// Their HTML depends only on their props: rendered once per isolate for each set, then reused (ADR 0035).
// The waitlist form's props carry the request's form context (render time, attribution): rendered every time.
const V2Showcase = cachedOnServer("V2Showcase", V2ShowcaseComponent);
const ScreenshotsCarousel = cachedOnServer("ScreenshotsCarousel", ScreenshotsCarouselComponent);
const HowItWorksTabs = cachedOnServer("HowItWorksTabs", HowItWorksTabsComponent);
const ReviewsSection = cachedOnServer("ReviewsSection", ReviewsSectionComponent);
const RoadmapTabs = cachedOnServer("RoadmapTabs", RoadmapTabsComponent);
const FaqSection = cachedOnServer("FaqSection", FaqSectionComponent);

export function LandingPage({ waitlistForm, reviews, abLabels, content }: LandingPageProps) {
  return (
    <NotifyProvider>
      <HeroSection headline={abLabels.heroHeadline} ctaLabel={abLabels.heroCta} />
      <LinkSanitizationHighlight />
      <V2Showcase features={content.v2} />
      <FeatureGrid features={content.featureGrid} />
      <ScreenshotsCarousel />
      <ComingSoonPlatforms />
      <HowItWorksTabs views={content.howItWorks} />
      <ReviewsSection reviews={reviews} />
      <RoadmapTabs releases={content.roadmap} />
      <FaqSection entries={content.faq} />
      <WaitlistSection {...waitlistForm} submitLabel={abLabels.waitlistCta} />
      <SupportSection />
    </NotifyProvider>
  );
}
