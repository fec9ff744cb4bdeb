// The analytics beacons the pipeline section sends (and replays against today's design): a visitor's
// batch as the browser's sink builds it (app/features/analytics/browser/sink.ts), with `size` events.
const NAMES = ["page_view", "scroll_depth", "web_vital", "cta_click", "ab_test_impression"];
const PATHS = ["/home", "/pricing", "/features"];
const PROPERTIES = [{}, { percent: 50 }, { metric: "LCP", value: 1200, rating: "good" }, { id: "hero" }, { test: "hero_cta", variant: "control" }];

export const beacon = (i, size) => ({
  consent: i % 3 === 0 ? "analytics" : "anonymous",
  events: Array.from({ length: size }, (_, j) => ({ name: NAMES[j % 5], at: Date.now(), path: PATHS[j % 3], properties: PROPERTIES[j % 5] })),
});
