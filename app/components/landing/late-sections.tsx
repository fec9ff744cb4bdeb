/**
 * The landing page's interactive sections below the fold, hydrated late (ADR 0026): their code is
 * not part of the first page load. Other pages import the sections themselves.
 */
import { lateHydrated } from "~/components/ui/LateHydration";
import * as server from "./late-sections.server";

export const LateV2Showcase = lateHydrated("V2Showcase", server.V2Showcase, () => import("./V2Showcase").then((m) => m.V2Showcase));
export const LateScreenshotsCarousel = lateHydrated("ScreenshotsCarousel", server.ScreenshotsCarousel, () => import("./ScreenshotsCarousel").then((m) => m.ScreenshotsCarousel));
export const LateHowItWorksTabs = lateHydrated("HowItWorksTabs", server.HowItWorksTabs, () => import("./HowItWorksTabs").then((m) => m.HowItWorksTabs));
export const LateReviewsSection = lateHydrated("ReviewsSection", server.ReviewsSection, () => import("./ReviewsSection").then((m) => m.ReviewsSection));
export const LateRoadmapTabs = lateHydrated("RoadmapTabs", server.RoadmapTabs, () => import("./RoadmapTabs").then((m) => m.RoadmapTabs));
export const LateFaqSection = lateHydrated("FaqSection", server.FaqSection, () => import("./FaqSection").then((m) => m.FaqSection));
export const LateWaitlistSection = lateHydrated("WaitlistSection", server.WaitlistSection, () => import("~/features/waitlist/WaitlistSection").then((m) => m.WaitlistSection));
