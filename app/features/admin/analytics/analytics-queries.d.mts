// Types for analytics-queries.mjs.
export type AnalyticsQueryName = "dailyPageViews" | "dailyVisitors" | "previousVisitors" | "topPages" | "referrers" | "sources" | "funnel" | "abTests" | "webVitals";
export const LANDING_PATHS: readonly string[];
export const SIGNUP_FORM: string;
export const TOP_N: number;
export const WEB_VITAL_ROWS: number;
export const ANALYTICS_QUERIES: Readonly<Record<AnalyticsQueryName, string>>;
export const ANALYTICS_QUERY_NAMES: readonly AnalyticsQueryName[];
/** ?1 and ?2 of every statement for an inclusive range of UTC days (YYYY-MM-DD). */
export function rangeBounds(from: string, to: string): [start: string, end: string];
