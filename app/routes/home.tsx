import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingSoonPlatforms } from "~/components/landing/ComingSoonPlatforms";
import { FaqSection } from "~/components/landing/FaqSection";
import { FeatureGrid } from "~/components/landing/FeatureGrid";
import { HeroSection } from "~/components/landing/HeroSection";
import { HowItWorksTabs } from "~/components/landing/HowItWorksTabs";
import { LinkSanitizationHighlight } from "~/components/landing/LinkSanitizationHighlight";
import { ReviewsSection } from "~/components/landing/ReviewsSection";
import { RoadmapTabs } from "~/components/landing/RoadmapTabs";
import { ScreenshotsCarousel } from "~/components/landing/ScreenshotsCarousel";
import { SupportSection } from "~/components/landing/SupportSection";
import { V2Showcase } from "~/components/landing/V2Showcase";
import { WaitlistSection } from "~/components/landing/WaitlistSection";
import { NotifyProvider } from "~/components/notify/NotifyContext";
import { siteConfig } from "~/config/site";
import { loadLandingPage } from "~/lib/landing.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () =>
  pageMeta({
    title: `${siteConfig.appName}: ${siteConfig.tagline}`,
    description: siteConfig.description,
    path: "/home",
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLandingPage(request, context);
}

/** The landing page: the spec's sections in the spec's order (section 2). */
export default function LandingPage() {
  const { waitlistForm, reviews } = useLoaderData<typeof loader>();
  return (
    <NotifyProvider>
      <HeroSection />
      <LinkSanitizationHighlight />
      <V2Showcase />
      <FeatureGrid />
      <ScreenshotsCarousel />
      <ComingSoonPlatforms />
      <HowItWorksTabs />
      <ReviewsSection reviews={reviews} />
      <RoadmapTabs />
      <FaqSection />
      <WaitlistSection {...waitlistForm} />
      <SupportSection />
    </NotifyProvider>
  );
}
