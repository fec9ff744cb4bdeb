// Server-only entry: the browser bundle gets an empty module (see LateHydration).
export { FaqSection } from "./FaqSection";
export { HowItWorksTabs } from "./HowItWorksTabs";
export { ReviewsSection } from "./ReviewsSection";
export { RoadmapTabs } from "./RoadmapTabs";
export { ScreenshotsCarousel } from "./ScreenshotsCarousel";
export { V2Showcase } from "./V2Showcase";
export { WaitlistSection } from "~/features/waitlist/WaitlistSection";
