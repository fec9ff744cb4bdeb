/**
 * How the analytics page words its figures. Shared by the loader (the A/B headline) and the page
 * itself; deliberately free of imports with weight (no zod), as it reaches the browser.
 */
import type { WEB_VITAL_NAMES } from "~/features/analytics/catalogue";

export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** A share of a whole, or null when the whole is 0. */
export const rateOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** 0.1234 → "12%", 0.0456 → "4.6%", 0.00123 → "0.12%", 0.00001 → "< 0.01%". */
export function formatPercent(share: number): string {
  const pct = share * 100;
  const abs = Math.abs(pct);
  if (abs === 0) return "0%";
  if (abs < 0.005) return "< 0.01%";
  if (abs >= 10) return `${Math.round(pct)}%`;
  if (abs >= 1) return `${Math.round(pct * 10) / 10}%`;
  return `${Math.round(pct * 100) / 100}%`;
}

/** A confidence (0..1) as a person reads it, never rounded up: "97%", "99.4%", "> 99.9%". */
export function formatConfidence(confidence: number): string {
  const pct = confidence * 100;
  if (pct > 99.9) return "> 99.9%";
  if (pct >= 99) return `${(Math.floor(pct * 10) / 10).toFixed(1)}%`;
  return `${Math.floor(pct)}%`;
}

/** A signed relative change: "+12%", "−4.5%". */
export function formatUplift(uplift: number): string {
  if (uplift === 0) return "±0%";
  return `${uplift > 0 ? "+" : "−"}${formatPercent(Math.abs(uplift))}`;
}

/** A change of a rate in percentage points: "+3.2 pts", "−0.5 pts", "±0 pts". */
export function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return "±0 pts";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded)} pts`;
}

/** Metrics in the order the page shows them (Core Web Vitals first). */
export const WEB_VITAL_ORDER: readonly WebVitalName[] = ["LCP", "INP", "CLS", "FCP", "TTFB", "FID"];

/** A web vital's value with its unit: CLS has none, the others are milliseconds. */
export function formatWebVital(metric: WebVitalName, value: number): string {
  return metric === "CLS" ? value.toFixed(3) : `${Math.round(value).toLocaleString("en")} ms`;
}

export const formatCount = (n: number) => n.toLocaleString("en");
