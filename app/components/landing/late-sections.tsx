/**
 * The landing page's interactive sections below the fold, hydrated late (ADR 0026): their code is
 * not part of the first page load. Other pages import the sections themselves.
 */
import { lateSection } from "~/components/islands";

export const LateV2Showcase = lateSection("V2Showcase", () => import("./V2Showcase").then((m) => m.V2Showcase));
export const LateScreenshotsCarousel = lateSection("ScreenshotsCarousel", () => import("./ScreenshotsCarousel").then((m) => m.ScreenshotsCarousel));
export const LateHowItWorksTabs = lateSection("HowItWorksTabs", () => import("./HowItWorksTabs").then((m) => m.HowItWorksTabs));
export const LateReviewsSection = lateSection("ReviewsSection", () => import("./ReviewsSection").then((m) => m.ReviewsSection));
export const LateRoadmapTabs = lateSection("RoadmapTabs", () => import("./RoadmapTabs").then((m) => m.RoadmapTabs));
export const LateFaqSection = lateSection("FaqSection", () => import("./FaqSection").then((m) => m.FaqSection));
// Its props carry the request's form context (render time, attribution): rendered afresh every time.
export const LateWaitlistSection = lateSection("WaitlistSection", () => import("~/features/waitlist/WaitlistSection").then((m) => m.WaitlistSection), {
  perRequest: true,
});
