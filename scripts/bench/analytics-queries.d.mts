// Types for analytics-queries.mjs.
export const ANALYTICS_BENCH_EVENTS: number;
export const ANALYTICS_QUERY_BUDGET_MS: number;

export interface AnalyticsBenchRange {
  label: string;
  bounds: [start: string, end: string];
  events: number;
}
export interface AnalyticsBenchTiming {
  median: number;
  max: number;
  rows: number;
}
export interface AnalyticsBenchRow {
  name: string;
  plan: { indexes: string[]; covering: boolean; fullScan: boolean };
  /** One per range, in the order of `ranges`. */
  timings: AnalyticsBenchTiming[];
}
export interface AnalyticsBenchFigures {
  events: number;
  byName: { name: string; n: number }[];
  seedSeconds: number;
  dbBytes: number;
  ranges: AnalyticsBenchRange[];
  rows: AnalyticsBenchRow[];
  batch: { median: number; max: number }[];
  baseline: { median: number; max: number };
  load: number;
}
export interface AnalyticsSummaryRow {
  figure: string;
  value: string;
  goal: string;
  status: "met" | "missed";
}

export function seedAnalyticsEvents(
  db: D1Database,
  options: { events: number; now?: number; progress?: (message: string) => void },
): Promise<number>;
export function measureAnalyticsQueries(options?: { events?: number; progress?: (message: string) => void }): Promise<AnalyticsBenchFigures>;
export function analyticsReport(figures: AnalyticsBenchFigures): { section: string[]; footnote: string[] };
export function analyticsSummaryRows(figures: Pick<AnalyticsBenchFigures, "events" | "ranges" | "rows">): AnalyticsSummaryRow[];
