/**
 * The plain (schema-free) half of the analytics catalogue: thresholds, names and limits that the
 * browser needs. Kept apart from catalogue.ts so the lazily loaded browser code does not pull in zod;
 * catalogue.ts re-exports every name here, so importing from either is the same.
 */
export const SCROLL_DEPTH_THRESHOLDS = [25, 50, 75, 100] as const;
export const WEB_VITAL_NAMES = ["CLS", "FCP", "LCP", "TTFB", "INP", "FID"] as const;
export const WEB_VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;
export const DEFAULT_CONVERSION_LABEL = "waitlist_signup";

/**
 * Web-vital thresholds of spec section 9 (good up to the first number, poor above the second).
 */
export const WEB_VITAL_THRESHOLDS: Record<(typeof WEB_VITAL_NAMES)[number], readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
  FID: [100, 300],
};

export function rateWebVital(metric: (typeof WEB_VITAL_NAMES)[number], value: number): (typeof WEB_VITAL_RATINGS)[number] {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  if (value > poor) return "poor";
  if (value > good) return "needs-improvement";
  return "good";
}

/** What the browser posts to /api/events (one batch). */
export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_EVENTS_BODY_BYTES = 32 * 1024;
