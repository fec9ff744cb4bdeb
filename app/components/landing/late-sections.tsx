/**
 * The landing page's interactive sections below the fold, hydrated late (ADR 0026): their code is
 * not part of the first page load, and comes as one chunk (late-section-code.ts). Other pages import
 * the sections themselves.
 */
import { lateSection } from "~/components/islands";

const code = () => import("./late-section-code");

export const LateV2Showcase = lateSection("V2Showcase", () => code().then((m) => m.V2Showcase));
export const LateScreenshotsCarousel = lateSection("ScreenshotsCarousel", () => code().then((m) => m.ScreenshotsCarousel));
export const LateHowItWorksTabs = lateSection("HowItWorksTabs", () => code().then((m) => m.HowItWorksTabs));
export const LateReviewsSection = lateSection("ReviewsSection", () => code().then((m) => m.ReviewsSection));
export const LateRoadmapTabs = lateSection("RoadmapTabs", () => code().then((m) => m.RoadmapTabs));
export const LateFaqSection = lateSection("FaqSection", () => code().then((m) => m.FaqSection));
// Its props carry the request's form context (render time, attribution): rendered afresh every time.
export const LateWaitlistSection = lateSection("WaitlistSection", () => code().then((m) => m.WaitlistSection), {
  perRequest: true,
});
