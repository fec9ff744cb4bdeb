/**
 * The statistics of the owner's analytics page, as pure functions (no I/O, shared by server and
 * tests): the two-proportion z-test behind an A/B uplift, the Wilson interval of a conversion rate,
 * the sample-ratio-mismatch (SRM) chi-square test against the configured weights, and the 75th
 * percentile of web vitals.
 */

/**
 * erfc(x), the complementary error function, by the Chebyshev fit of Numerical Recipes (erfcc):
 * fractional error below 1.2e-7 everywhere, so unlike erf-based formulas (Abramowitz-Stegun 7.1.26
 * has an absolute error of 1.5e-7) it stays accurate for the tiny tail probabilities of large z.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal cumulative distribution function Φ(z). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Two-sided p-value of a standard normal statistic. */
export function twoSidedP(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

export interface Proportion {
  /** Successes (conversions). */
  x: number;
  /** Trials (impressions). */
  n: number;
}

export interface ProportionTest {
  /** Conversion rates of control and variant (0..1). */
  controlRate: number;
  variantRate: number;
  /** (variant − control) / control; null when the control rate is 0 (no baseline to compare with). */
  uplift: number | null;
  /** z statistic with the pooled standard error; positive when the variant converts better. */
  z: number;
  /** Two-sided p-value. */
  p: number;
  /** 1 − p: how sure we are that the two rates differ at all. */
  confidence: number;
}

/**
 * Two-proportion z-test (pooled), variant against control. Null when either group has no trials.
 * When both rates are 0 or both are 1 there is no spread to test: z = 0, p = 1.
 */
export function twoProportionTest(control: Proportion, variant: Proportion): ProportionTest | null {
  if (control.n <= 0 || variant.n <= 0) return null;
  const controlRate = control.x / control.n;
  const variantRate = variant.x / variant.n;
  const pooled = (control.x + variant.x) / (control.n + variant.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.n + 1 / variant.n));
  const z = se > 0 ? (variantRate - controlRate) / se : 0;
  const p = se > 0 ? twoSidedP(z) : 1;
  return {
    controlRate,
    variantRate,
    uplift: controlRate > 0 ? (variantRate - controlRate) / controlRate : null,
    z,
    p,
    confidence: 1 - p,
  };
}

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/** Wilson score interval of a proportion x/n (default 95%); null when n is 0. */
export function wilsonInterval(x: number, n: number, z = Z_95): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 coefficients; about 15 significant digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function: the series for P when
 * x < a + 1, otherwise the continued fraction for Q (modified Lentz), as in Numerical Recipes 6.2.
 */
export function regularizedUpperGamma(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) return NaN;
  if (x === 0) return 1;
  const EPS = 1e-15;
  const MAX_ITERATIONS = 1000;
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  const TINY = 1e-300;
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** Upper-tail p-value of a chi-square statistic with `df` degrees of freedom. */
export function chiSquareP(statistic: number, df: number): number {
  return regularizedUpperGamma(df / 2, statistic / 2);
}

/** SRM is flagged below this p-value (the usual, deliberately strict, threshold). */
export const SRM_P_THRESHOLD = 0.001;

export interface SampleRatioTest {
  chiSquare: number;
  df: number;
  p: number;
  /** p < SRM_P_THRESHOLD: the observed split is very unlikely under the configured weights. */
  mismatch: boolean;
  /** Expected count per group under the weights. */
  expected: number[];
}

/**
 * Chi-square goodness-of-fit of observed counts against configured weights (any scale; they are
 * normalised). Groups with weight 0 are left out (nothing is expected there). Null when fewer than
 * two groups remain or nothing was observed.
 */
export function sampleRatioMismatch(observed: number[], weights: number[]): SampleRatioTest | null {
  if (observed.length !== weights.length) throw new Error("observed and weights differ in length");
  const groups = observed.map((o, i) => ({ o, w: weights[i]! })).filter((g) => g.w > 0);
  const total = groups.reduce((sum, g) => sum + g.o, 0);
  const weightSum = groups.reduce((sum, g) => sum + g.w, 0);
  if (groups.length < 2 || total <= 0) return null;
  const expected = groups.map((g) => (total * g.w) / weightSum);
  const chiSquare = groups.reduce((sum, g, i) => sum + (g.o - expected[i]!) ** 2 / expected[i]!, 0);
  const df = groups.length - 1;
  const p = chiSquareP(chiSquare, df);
  return { chiSquare, df, p, mismatch: p < SRM_P_THRESHOLD, expected };
}

/**
 * The p-th percentile by the nearest-rank method: the smallest observed value with at least p% of
 * the values at or below it, i.e. sorted[ceil(p/100 · n) − 1]. Always an observed value, no
 * interpolation; the SQL of the analytics page computes the same rank. NaN for an empty list.
 */
export function percentileNearestRank(values: readonly number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** The 75th percentile (nearest rank), as web vitals are reported. */
export const p75 = (values: readonly number[]) => percentileNearestRank(values, 75);
