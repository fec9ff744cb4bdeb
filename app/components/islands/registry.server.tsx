/**
 * The server-only registry: every component and inline script whose code the browser must not get
 * on a first visit, under one name each. entry.server.tsx provides it to the render (ServerOnlyProvider);
 * nothing the browser loads imports this module, so none of it reaches the browser bundle, and the
 * `.server` suffix makes a stray import fail loudly under Vite (the classic compiler would quietly
 * empty it instead). The browser loads the same components through the `load` functions given to
 * staticIsland and lateSection, as chunks of their own (ADR 0030).
 */
import { ComingSoonPlatformsMarkup } from "~/components/landing/ComingSoonPlatformsMarkup";
import { LanguageSwitcherMarkup } from "~/components/layout/LanguageSwitcherMarkup";
import { SiteFooterMarkup } from "~/components/layout/SiteFooterMarkup";
import { FaqSection } from "~/components/landing/FaqSection";
import { FeatureGridMarkup } from "~/components/landing/FeatureGridMarkup";
import { HowItWorksDrawing } from "~/components/landing/how-it-works-drawings";
import { HowItWorksTabs } from "~/components/landing/HowItWorksTabs";
import { LinkSanitizationHighlightMarkup } from "~/components/landing/LinkSanitizationHighlightMarkup";
import { MyLinksScreen } from "~/components/landing/mock-screens/MyLinksScreen";
import { ReviewsSection } from "~/components/landing/ReviewsSection";
import { RoadmapTabs } from "~/components/landing/RoadmapTabs";
import { ScreenshotsCarousel } from "~/components/landing/ScreenshotsCarousel";
import { SupportSectionMarkup } from "~/components/landing/SupportSectionMarkup";
import { V2Showcase } from "~/components/landing/V2Showcase";
import { WaitlistIntro } from "~/features/waitlist/waitlist-intro";
import { WaitlistSection } from "~/features/waitlist/WaitlistSection";
import { CONSENT_MODE_BOOTSTRAP_SCRIPT } from "~/lib/consent-script.server";
import { DEFER_SECTIONS_SCRIPT } from "./deferred-sections.server";

export const SERVER_ONLY = {
  components: {
    // Static islands (ADR 0015): markup only, kept as served on a first load.
    ComingSoonPlatformsMarkup,
    FeatureGridMarkup,
    HowItWorksDrawing,
    LanguageSwitcherMarkup,
    LinkSanitizationHighlightMarkup,
    MyLinksScreen,
    SiteFooterMarkup,
    SupportSectionMarkup,
    WaitlistIntro,
    // Late sections (ADR 0026): hydrated from one chunk of their own on /home.
    FaqSection,
    HowItWorksTabs,
    ReviewsSection,
    RoadmapTabs,
    ScreenshotsCarousel,
    V2Showcase,
    WaitlistSection,
  },
  scripts: {
    /** Google Consent Mode defaults, before any tag (ADR 0013). */
    consentModeDefaults: CONSENT_MODE_BOOTSTRAP_SCRIPT,
    /** Deferred rendering of off-screen sections (ADR 0028). */
    deferSections: DEFER_SECTIONS_SCRIPT,
  },
} as const;
