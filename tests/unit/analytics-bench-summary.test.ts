/**
 * The analytics benchmark's rows for the overall summary of `npm run bench`: the slowest statement
 * of each range against the 200 ms budget.
 */
import { describe, expect, it } from "vitest";
import { analyticsSummaryRows, type AnalyticsBenchRow } from "../../scripts/bench/analytics-queries.mjs";

const ranges = [
  { label: "30 days", bounds: ["2026-01-01T00:00:00.000Z", "2026-01-31T00:00:00.000Z"] as [string, string], events: 155_000 },
  { label: "366 days", bounds: ["2025-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"] as [string, string], events: 1_000_000 },
];
const row = (name: string, medians: number[]): AnalyticsBenchRow => ({
  name,
  plan: { indexes: [], covering: true, fullScan: false },
  timings: medians.map((median) => ({ median, max: median, rows: 1 })),
});

describe("analyticsSummaryRows", () => {
  it("names the slowest statement of each range with its median, met only below 200 ms", () => {
    const rows = [row("dailyPageViews", [12.5, 199.99]), row("webVitals", [40.25, 200]), row("topPages", [8, 150])];
    expect(analyticsSummaryRows({ events: 1_000_000, ranges, rows })).toEqual([
      { figure: "Analytics page, slowest statement, 30 days (1,000,000 events)", value: "40.25 ms (webVitals)", goal: "< 200 ms", status: "met" },
      { figure: "Analytics page, slowest statement, 366 days (1,000,000 events)", value: "200.00 ms (webVitals)", goal: "< 200 ms", status: "missed" },
    ]);
  });
});
