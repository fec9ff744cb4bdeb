/**
 * The server-only registry: every component and inline script whose code the browser must not get
 * on a first visit, under one name each. entry.server.tsx provides it to the render (ServerOnlyProvider);
 * nothing the browser loads imports this module, so none of it reaches the browser bundle, and the
 * `.server` suffix makes a stray import fail loudly under Vite (the classic compiler would quietly
 * empty it instead). The browser loads the same components through the `load` functions given to
 * staticIsland, as chunks of their own (ADR 0030).
 */
import { ComingSoonPlatformsMarkup } from "~/components/landing/ComingSoonPlatformsMarkup";
import { LanguageSwitcherMarkup } from "~/components/layout/LanguageSwitcherMarkup";
import { SiteFooterMarkup } from "~/components/layout/SiteFooterMarkup";
import { FeatureGridMarkup } from "~/components/landing/FeatureGridMarkup";
import { HowItWorksDrawing } from "~/components/landing/how-it-works-drawings";
import { LinkSanitizationHighlightMarkup } from "~/components/landing/LinkSanitizationHighlightMarkup";
import { MyLinksScreen } from "~/components/landing/mock-screens/MyLinksScreen";
import { SupportSectionMarkup } from "~/components/landing/SupportSectionMarkup";
import { WaitlistIntro } from "~/features/waitlist/waitlist-intro";
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
  },
  scripts: {
    /** Google Consent Mode defaults, before any tag (ADR 0013). */
    consentModeDefaults: CONSENT_MODE_BOOTSTRAP_SCRIPT,
    /** Deferred rendering of off-screen sections (ADR 0028). */
    deferSections: DEFER_SECTIONS_SCRIPT,
  },
} as const;
