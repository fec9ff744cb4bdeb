/**
 * The code of the landing page's late sections (late-sections.tsx), as one lazily loaded module: loaded
 * one by one, each section was a chunk and the code they share a dozen more (ADR 0026).
 */
export { FaqSection } from "./FaqSection";
export { HowItWorksTabs } from "./HowItWorksTabs";
export { ReviewsSection } from "./ReviewsSection";
export { RoadmapTabs } from "./RoadmapTabs";
export { ScreenshotsCarousel } from "./ScreenshotsCarousel";
export { V2Showcase } from "./V2Showcase";
export { WaitlistSection } from "~/features/waitlist/WaitlistSection";
