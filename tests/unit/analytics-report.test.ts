/**
 * The analytics page's pure parts: the date range it accepts, the A/B summaries (uplift,
 * confidence, sample-ratio check, headline) and the wording of figures.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_AB_TESTS, type AbTestDefinition } from "~/lib/ab-tests";
import { formatConfidence, formatPercent, formatUplift, formatWebVital } from "~/features/admin/analytics/analytics-format";
import { rangeBounds } from "~/features/admin/analytics/analytics-queries.mjs";
import { ANALYTICS_MAX_DAYS, fillDays, parseDateRange, presetRanges, summariseAbTest, webVitalPages, type AbCount } from "~/features/admin/analytics/analytics-report";

const NOW = Date.parse("2026-03-15T17:45:00.000Z");
const range = (query: string) => parseDateRange(new URLSearchParams(query), NOW);

describe("date range", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(range("")).toEqual({ from: "2026-02-14", to: "2026-03-15", days: 30, problem: null });
  });

  it("takes a valid range, inclusive of both days, up to 366 days", () => {
    expect(range("from=2026-03-01&to=2026-03-01")).toMatchObject({ from: "2026-03-01", to: "2026-03-01", days: 1, problem: null });
    expect(range("from=2025-03-15&to=2026-03-15")).toMatchObject({ days: 366, problem: null });
    expect(range("from=2024-02-28&to=2024-03-01")).toMatchObject({ days: 3 }); // leap day
    expect(range("to=2026-01-31")).toMatchObject({ from: "2026-01-02", to: "2026-01-31", days: 30 });
    expect(range("from=2026-03-10")).toMatchObject({ from: "2026-03-10", to: "2026-03-15", days: 6 });
  });

  it("falls back to the defaults, saying why, for anything else", () => {
    const defaults = { from: "2026-02-14", to: "2026-03-15", days: 30 };
    for (const query of ["from=yesterday&to=today", "from=2026-02-30&to=2026-03-01", "from=2026-3-1&to=2026-03-05", "from=%3Cscript%3E", "to=2026-13-01"]) {
      expect(range(query), query).toMatchObject({ ...defaults, problem: expect.stringMatching(/YYYY-MM-DD/) });
    }
    expect(range("from=2026-03-10&to=2026-03-01")).toMatchObject({ ...defaults, problem: expect.stringMatching(/after the end/) });
    expect(range("from=2025-03-14&to=2026-03-15")).toMatchObject({ ...defaults, problem: expect.stringMatching(/366 days/) });
    expect(ANALYTICS_MAX_DAYS).toBe(366);
  });

  it("gives the statements' bounds from midnight to the midnight after the last day", () => {
    expect(rangeBounds("2026-02-14", "2026-03-15")).toEqual(["2026-02-14T00:00:00.000Z", "2026-03-16T00:00:00.000Z"]);
    expect(rangeBounds("2025-12-31", "2025-12-31")).toEqual(["2025-12-31T00:00:00.000Z", "2026-01-01T00:00:00.000Z"]);
  });

  it("fills every day of the range, with zeros where nothing happened", () => {
    const days = fillDays({ from: "2026-02-27", days: 3 }, [{ day: "2026-02-28", n: 4 }]);
    expect(days).toEqual([
      { date: "2026-02-27", count: 0 },
      { date: "2026-02-28", count: 4 },
      { date: "2026-03-01", count: 0 },
    ]);
    expect(presetRanges(NOW).map((p) => [p.days, p.from])).toEqual([
      [7, "2026-03-09"],
      [30, "2026-02-14"],
      [90, "2025-12-16"],
      [366, "2025-03-15"],
    ]);
  });
});

const headline: AbTestDefinition = DEFAULT_AB_TESTS.hero_headline; // control 50 / benefit_focused 50
const counts = (rows: [variant: string, impressions: number, conversions: number][], test = "hero_headline"): AbCount[] =>
  rows.map(([variant, impressions, conversions]) => ({ test, variant, impressions, browserImpressions: 0, conversions }));

describe("A/B summary", () => {
  it("computes rate, uplift and confidence per variant, and says it in one sentence", () => {
    const report = summariseAbTest("hero_headline", headline, counts([["control", 1000, 200], ["benefit_focused", 1000, 250]]));
    const [control, variant] = report.variants;
    expect(control).toMatchObject({ id: "control", isControl: true, rate: 0.2, uplift: null, confidence: null, weight: 50 });
    expect(variant!.uplift).toBeCloseTo(0.25, 10);
    expect(variant!.confidence).toBeCloseTo(0.99258, 4);
    expect(variant!.interval!.low).toBeCloseTo(0.2242, 3);
    expect(report.headline).toBe("benefit_focused converts 25% better than control; 99.2% confidence (two-proportion z-test).");
    expect(report.significant).toBe(true);
    expect(report.srm).not.toBeNull();
    expect(report.srm!.mismatch).toBe(false);
    expect(report).toMatchObject({ impressions: 2000, conversions: 450, srmNote: null });
  });

  it("leaves the impressions browsers reported out of every statistic, and carries them apart", () => {
    const served = counts([["control", 1000, 200], ["benefit_focused", 1000, 250]]);
    // Thousands of impressions anyone could post for one variant (issue 30).
    const reported = served.map((count) => ({ ...count, browserImpressions: count.variant === "control" ? 50_000 : 900 }));
    const plain = summariseAbTest("hero_headline", headline, served);
    const withReported = summariseAbTest("hero_headline", headline, reported);
    const figures = (report: typeof plain) => report.variants.map(({ rate, uplift, confidence, interval }) => ({ rate, uplift, confidence, interval }));
    expect(figures(withReported)).toEqual(figures(plain));
    expect(withReported.srm).toEqual(plain.srm);
    expect(withReported.headline).toBe(plain.headline);
    expect(withReported.variants.map((v) => v.browserImpressions)).toEqual([50_000, 900]);
    expect(withReported.browserImpressions).toBe(50_900);
  });

  it("warns of a sample-ratio mismatch when the split is off the weights (p < 0.001)", () => {
    const skewed = summariseAbTest("hero_headline", headline, counts([["control", 5000, 500], ["benefit_focused", 5600, 560]]));
    expect(skewed.srm!.mismatch).toBe(true);
    expect(skewed.srm!.p).toBeLessThan(0.001);
    const fine = summariseAbTest("hero_headline", headline, counts([["control", 5000, 500], ["benefit_focused", 5200, 520]]));
    expect(fine.srm!.mismatch).toBe(false);
    expect(fine.headline).toBe("benefit_focused converts exactly as well as control: no difference to test.");
  });

  it("names a worse challenger as worse, and an insignificant one as not significant", () => {
    const report = summariseAbTest("hero_headline", headline, counts([["control", 400, 40], ["benefit_focused", 400, 36]]));
    expect(report.headline).toMatch(/^benefit_focused converts 10% worse than control; \d+% confidence \(two-proportion z-test\)\.$/);
    expect(report.significant).toBe(false);
  });

  it("picks the best challenger of several, against the first configured variant", () => {
    const report = summariseAbTest(
      "hero_cta",
      DEFAULT_AB_TESTS.hero_cta,
      counts(
        [
          ["control", 1000, 100],
          ["action_oriented", 1000, 110],
          ["benefit_focused", 1000, 150],
          ["urgency_driven", 1000, 90],
        ],
        "hero_cta",
      ),
    );
    expect(report.variants.map((v) => v.id)).toEqual(["control", "action_oriented", "benefit_focused", "urgency_driven"]);
    expect(report.headline).toMatch(/^benefit_focused converts 50% better than control; /);
    expect(report.srm!.df).toBe(3);
  });

  it("keeps variants no longer configured, out of the split check, and ignores other tests' rows", () => {
    const report = summariseAbTest("hero_headline", headline, [
      ...counts([["control", 500, 50], ["benefit_focused", 500, 60], ["old_variant", 200, 10]]),
      ...counts([["control", 9999, 9999]], "hero_cta"),
    ]);
    expect(report.variants.map((v) => [v.id, v.label, v.weight])).toEqual([
      ["control", DEFAULT_AB_TESTS.hero_headline.variants[0]!.label, 50],
      ["benefit_focused", DEFAULT_AB_TESTS.hero_headline.variants[1]!.label, 50],
      ["old_variant", null, null],
    ]);
    expect(report.impressions).toBe(1200);
    expect(report.srm!.chiSquare).toBe(0);
    expect(report.srmNote).toMatch(/no longer configured/);
  });

  it("has nothing to say without data, without control, without conversions or with too few impressions", () => {
    const empty = summariseAbTest("hero_headline", headline, []);
    expect(empty).toMatchObject({ impressions: 0, headline: null, srm: null, srmNote: null });
    const noControl = summariseAbTest("hero_headline", headline, counts([["benefit_focused", 50, 5]]));
    expect(noControl.headline).toBe("No impressions of control yet, so there is nothing to compare against.");
    const noConversions = summariseAbTest("hero_headline", headline, counts([["control", 50, 0], ["benefit_focused", 50, 0]]));
    expect(noConversions.headline).toBe("No conversions yet, so there is no difference to test.");
    const noBaseline = summariseAbTest("hero_headline", headline, counts([["control", 50, 0], ["benefit_focused", 50, 5]]));
    expect(noBaseline.headline).toMatch(/^benefit_focused converts at 10% while control has no conversions yet; \d+(\.\d)?% confidence/);
    const few = summariseAbTest("hero_headline", headline, counts([["control", 3, 1], ["benefit_focused", 4, 1]]));
    expect(few.srm).toBeNull();
    expect(few.srmNote).toMatch(/Too few impressions/);
  });

  it("does not check the split of a stopped test", () => {
    const stopped = summariseAbTest("hero_headline", { ...headline, enabled: false }, counts([["control", 5000, 500], ["benefit_focused", 100, 10]]));
    expect(stopped.srm).toBeNull();
    expect(stopped.srmNote).toMatch(/stopped/);
  });
});

describe("web vitals per page", () => {
  it("groups p75 rows by page, busiest first, rated with the spec's thresholds, dropping unknown metrics", () => {
    const pages = webVitalPages([
      { path: "/pricing", metric: "LCP", p75: 4200, samples: 3 },
      { path: "/home", metric: "LCP", p75: 2500, samples: 10 },
      { path: "/home", metric: "CLS", p75: 0.12, samples: 10 },
      { path: "/home", metric: "INP", p75: 501, samples: 8 },
      { path: "/home", metric: "XYZ", p75: 1, samples: 100 },
    ]);
    expect(pages.map((p) => p.path)).toEqual(["/home", "/pricing"]);
    expect(pages[0]!.metrics).toEqual({
      LCP: { p75: 2500, samples: 10, rating: "good" },
      CLS: { p75: 0.12, samples: 10, rating: "needs-improvement" },
      INP: { p75: 501, samples: 8, rating: "poor" },
    });
    expect(pages[1]!.metrics.LCP!.rating).toBe("poor");
  });
});

describe("wording", () => {
  it("formats shares, uplifts, confidences and vitals", () => {
    expect(formatPercent(0.1234)).toBe("12%");
    expect(formatPercent(0.0456)).toBe("4.6%");
    expect(formatPercent(0.00123)).toBe("0.12%");
    expect(formatPercent(0.00001)).toBe("< 0.01%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatUplift(0.12)).toBe("+12%");
    expect(formatUplift(-0.045)).toBe("−4.5%");
    expect(formatConfidence(0.9749)).toBe("97%");
    expect(formatConfidence(0.99258)).toBe("99.2%");
    expect(formatConfidence(0.99995)).toBe("> 99.9%");
    expect(formatWebVital("LCP", 2456.7)).toBe("2,457 ms");
    expect(formatWebVital("CLS", 0.1234)).toBe("0.123");
  });
});
