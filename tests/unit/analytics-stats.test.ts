/**
 * The analytics page's statistics against published values (normal and chi-square tables, Wilson
 * intervals) and hand-computed ones.
 */
import { describe, expect, it } from "vitest";
import {
  chiSquareP,
  erfc,
  logGamma,
  normalCdf,
  p75,
  percentileNearestRank,
  regularizedUpperGamma,
  sampleRatioMismatch,
  twoProportionTest,
  twoSidedP,
  wilsonInterval,
} from "~/features/analytics/stats";

/** Relative closeness, for tail probabilities where absolute tolerances say nothing. */
const expectRelative = (actual: number, expected: number, tolerance = 1e-5) =>
  expect(Math.abs(actual - expected) / expected, `${actual} vs ${expected}`).toBeLessThan(tolerance);

describe("normal distribution", () => {
  it("matches the standard normal table", () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447461, 7);
    expect(normalCdf(-1)).toBeCloseTo(0.1586552539, 7);
    expect(normalCdf(1.959963985)).toBeCloseTo(0.975, 7);
    expect(normalCdf(-2.326347874)).toBeCloseTo(0.01, 7);
    expect(twoSidedP(1.959963985)).toBeCloseTo(0.05, 7);
    expect(twoSidedP(-2.575829304)).toBeCloseTo(0.01, 7);
  });

  it("keeps its relative accuracy deep in the tails (where erf-based approximations do not)", () => {
    expectRelative(twoSidedP(3), 2.699796e-3);
    expectRelative(twoSidedP(5), 5.733031e-7);
    expectRelative(twoSidedP(8), 1.244192e-15);
  });
});

describe("two-proportion z-test", () => {
  it("200/1000 against 250/1000: z ≈ 2.68, p ≈ 0.0074, uplift 25%", () => {
    const test = twoProportionTest({ x: 200, n: 1000 }, { x: 250, n: 1000 })!;
    expect(test.controlRate).toBe(0.2);
    expect(test.variantRate).toBe(0.25);
    expect(test.uplift).toBeCloseTo(0.25, 10);
    expect(test.z).toBeCloseTo(2.6774, 4);
    expect(test.p).toBeCloseTo(0.007419, 5);
    expect(test.confidence).toBeCloseTo(0.992581, 5);
  });

  it("is antisymmetric: a worse variant has a negative z and uplift, the same p", () => {
    const test = twoProportionTest({ x: 250, n: 1000 }, { x: 200, n: 1000 })!;
    expect(test.z).toBeCloseTo(-2.6774, 4);
    expect(test.uplift).toBeCloseTo(-0.2, 10);
    expect(test.p).toBeCloseTo(0.007419, 5);
  });

  it("handles unequal groups: 30/1200 against 45/1000", () => {
    const test = twoProportionTest({ x: 30, n: 1200 }, { x: 45, n: 1000 })!;
    // pooled 75/2200; SE = √(p̄(1 − p̄)(1/1200 + 1/1000)) = 0.0077698; z = 0.02 / SE
    expect(test.z).toBeCloseTo(2.57408, 4);
    expect(test.p).toBeCloseTo(0.010051, 5);
    expect(test.uplift).toBeCloseTo(0.8, 10);
  });

  it("has no answer without trials, no uplift without a baseline, and no difference when nothing varies", () => {
    expect(twoProportionTest({ x: 0, n: 0 }, { x: 3, n: 10 })).toBeNull();
    expect(twoProportionTest({ x: 3, n: 10 }, { x: 0, n: 0 })).toBeNull();
    const noBaseline = twoProportionTest({ x: 0, n: 100 }, { x: 5, n: 100 })!;
    expect(noBaseline.uplift).toBeNull();
    expect(noBaseline.z).toBeGreaterThan(0);
    const flat = twoProportionTest({ x: 0, n: 100 }, { x: 0, n: 50 })!;
    expect(flat).toMatchObject({ z: 0, p: 1, confidence: 0, uplift: null });
  });
});

describe("Wilson interval", () => {
  it("matches published 95% intervals", () => {
    const a = wilsonInterval(200, 1000)!;
    expect(a.low).toBeCloseTo(0.17638, 4);
    expect(a.high).toBeCloseTo(0.22592, 4);
    const none = wilsonInterval(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.27753, 4);
    const all = wilsonInterval(10, 10)!;
    expect(all.low).toBeCloseTo(0.72247, 4);
    expect(all.high).toBeCloseTo(1, 12);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("chi-square and the incomplete gamma function", () => {
  it("computes ln Γ", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(10.5)).toBeCloseTo(13.940625219403763, 10);
  });

  it("reproduces the chi-square table's critical values", () => {
    const table: [statistic: number, df: number, p: number][] = [
      [3.841459, 1, 0.05],
      [6.634897, 1, 0.01],
      [10.827566, 1, 0.001],
      [5.991465, 2, 0.05],
      [13.815511, 2, 0.001],
      [7.814728, 3, 0.05],
      [11.344867, 3, 0.01],
      [16.266236, 3, 0.001],
      [18.307038, 10, 0.05],
      [1.145476, 5, 0.95],
    ];
    for (const [statistic, df, p] of table) expectRelative(chiSquareP(statistic, df), p, 1e-5);
  });

  it("is exact where closed forms exist, and sane at the edges", () => {
    // df = 2: p = e^(−x/2)
    for (const x of [0.1, 1, 4, 20, 60]) expectRelative(chiSquareP(x, 2), Math.exp(-x / 2), 1e-10);
    // df = 1: p = erfc(√(x/2)), deep in the tail
    expectRelative(chiSquareP(30, 1), 4.320463e-8, 1e-5);
    expect(chiSquareP(0, 3)).toBe(1);
    expect(regularizedUpperGamma(-1, 2)).toBeNaN();
  });
});

describe("sample-ratio mismatch", () => {
  it("5000 against 5200 on a 50/50 split is within chance (χ² = 3.92, p ≈ 0.048): no warning", () => {
    const srm = sampleRatioMismatch([5000, 5200], [50, 50])!;
    expect(srm.chiSquare).toBeCloseTo(3.92157, 4);
    expect(srm.df).toBe(1);
    expect(srm.p).toBeCloseTo(0.04766, 4);
    expect(srm.mismatch).toBe(false);
    expect(srm.expected).toEqual([5100, 5100]);
  });

  it("5000 against 5600 on a 50/50 split is a mismatch (χ² = 33.96, p < 0.001)", () => {
    const srm = sampleRatioMismatch([5000, 5600], [50, 50])!;
    expect(srm.chiSquare).toBeCloseTo(33.9623, 3);
    expect(srm.p).toBeLessThan(1e-7);
    expect(srm.mismatch).toBe(true);
  });

  it("uses the configured weights, on any scale, with k − 1 degrees of freedom", () => {
    // 33/33/34 with counts exactly on the weights: χ² = 0, p = 1.
    const exact = sampleRatioMismatch([3300, 3300, 3400], [33, 33, 34])!;
    expect(exact.chiSquare).toBeCloseTo(0, 10);
    expect(exact.df).toBe(2);
    expect(exact.p).toBeCloseTo(1, 10);
    // 3 classes, 1:1:2 weights: expected 250/250/500; χ² = (30² + 20² + 10²)/… by hand:
    const skewed = sampleRatioMismatch([280, 230, 490], [1, 1, 2])!;
    const chi = 30 ** 2 / 250 + 20 ** 2 / 250 + 10 ** 2 / 500;
    expect(skewed.chiSquare).toBeCloseTo(chi, 10);
    expect(skewed.p).toBeCloseTo(Math.exp(-chi / 2), 10); // df = 2
    expect(skewed.mismatch).toBe(false);
  });

  it("leaves out weight-0 groups and has no answer without data or with one group", () => {
    const srm = sampleRatioMismatch([500, 500, 7], [50, 50, 0])!;
    expect(srm.df).toBe(1);
    expect(srm.chiSquare).toBe(0);
    expect(sampleRatioMismatch([0, 0], [50, 50])).toBeNull();
    expect(sampleRatioMismatch([10], [100])).toBeNull();
    expect(() => sampleRatioMismatch([1, 2], [100])).toThrow();
  });
});

describe("75th percentile (nearest rank)", () => {
  it("takes the observed value at rank ceil(0.75 n)", () => {
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([1, 2, 3, 4, 5])).toBe(4);
    expect(p75([5, 1, 4, 2, 3])).toBe(4);
    expect(p75([1, 2, 3, 4, 5, 6, 7, 8])).toBe(6);
    expect(p75([2400])).toBe(2400);
    expect(p75([0.05, 0.3, 0.12])).toBe(0.3);
    expect(p75([])).toBeNaN();
  });

  it("generalises to other percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileNearestRank(values, 50)).toBe(50);
    expect(percentileNearestRank(values, 99)).toBe(99);
    expect(percentileNearestRank(values, 100)).toBe(100);
    expect(percentileNearestRank(values, 0)).toBe(1);
  });
});
