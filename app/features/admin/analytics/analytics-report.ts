/**
 * The analytics page's pure parts (no I/O; the loader's, unit-tested): the date range from the query
 * string, the A/B test summaries with their significance and sample-ratio checks, web vitals per
 * page. How figures are worded is in analytics-format.ts (which the page's browser code imports).
 */
import type { AbTestDefinition, AbTestName } from "~/lib/ab-tests";
import { rateWebVital, WEB_VITAL_NAMES } from "~/features/analytics/catalogue";
import { sampleRatioMismatch, twoProportionTest, wilsonInterval, type SampleRatioTest } from "~/features/analytics/stats";
import { formatConfidence, formatPercent, rateOf, type WebVitalName } from "./analytics-format";

export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;
/** Confidence from which an uplift is called significant. */
export const SIGNIFICANCE_CONFIDENCE = 0.95;
/** Below this expected count per variant the chi-square approximation is unreliable. */
export const SRM_MIN_EXPECTED = 5;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar date in YYYY-MM-DD (rejects 2026-02-30 and friends). */
function parseDay(value: string | null): number | null {
  if (value === null || !DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(ms) || utcDay(ms) !== value ? null : ms;
}

export interface DateRange {
  /** First and last day shown, inclusive, YYYY-MM-DD (UTC). */
  from: string;
  to: string;
  days: number;
  /** Why the dates asked for were not used (the defaults are shown instead), or null. */
  problem: string | null;
}

/**
 * The range from GET params `from` and `to` (YYYY-MM-DD, UTC). Either may be left out (`to`
 * defaults to today, `from` to 29 days before `to`). Anything invalid, reversed or longer than
 * ANALYTICS_MAX_DAYS gives the default range (the last 30 days) with the reason.
 */
export function parseDateRange(params: URLSearchParams, now = Date.now()): DateRange {
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  const fallback = (problem: string | null): DateRange => ({
    from: utcDay(today - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS),
    to: utcDay(today),
    days: ANALYTICS_DEFAULT_DAYS,
    problem,
  });
  const rawFrom = params.get("from")?.trim() || null;
  const rawTo = params.get("to")?.trim() || null;
  if (rawFrom === null && rawTo === null) return fallback(null);

  const to = rawTo === null ? today : parseDay(rawTo);
  const from = rawFrom === null && to !== null ? to - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS : parseDay(rawFrom);
  if (from === null || to === null) return fallback("Dates must be real days written YYYY-MM-DD.");
  if (from > to) return fallback("The start date must not be after the end date.");
  const days = Math.round((to - from) / DAY_MS) + 1;
  if (days > ANALYTICS_MAX_DAYS) return fallback(`A range can span at most ${ANALYTICS_MAX_DAYS} days.`);
  return { from: utcDay(from), to: utcDay(to), days, problem: null };
}

/** Ready-made ranges ending today, for links beside the form. */
export function presetRanges(now = Date.now()): { days: number; from: string; to: string }[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  return [7, ANALYTICS_DEFAULT_DAYS, 90, ANALYTICS_MAX_DAYS].map((days) => ({ days, from: utcDay(today - (days - 1) * DAY_MS), to: utcDay(today) }));
}

/** Every day of the range with its count (0 where the query returned none). */
export function fillDays(range: Pick<DateRange, "from" | "days">, rows: readonly { day: string; n: number }[]): { date: string; count: number }[] {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
  const start = Date.parse(`${range.from}T00:00:00.000Z`);
  return Array.from({ length: range.days }, (_, i) => {
    const date = utcDay(start + i * DAY_MS);
    return { date, count: byDay.get(date) ?? 0 };
  });
}

// ── A/B tests ──────────────────────────────────────────────────────────────────

export interface AbCount {
  test: string;
  variant: string;
  /** Pages served with the variant, counted by the server (ab_test_served). */
  impressions: number;
  /** Impressions browsers reported (ab_test_impression): shown apart, in no statistic. */
  browserImpressions: number;
  /** Confirmed sign-ups (ab_test_signup). */
  conversions: number;
}

export interface AbVariantReport {
  id: string;
  /** The variant's label and weight in the current configuration; null for a variant no longer configured. */
  label: string | null;
  weight: number | null;
  isControl: boolean;
  impressions: number;
  browserImpressions: number;
  conversions: number;
  /** conversions / impressions; null without impressions. */
  rate: number | null;
  /** 95% Wilson interval of the rate. */
  interval: { low: number; high: number } | null;
  /** Against control (two-proportion z-test); null for control itself or when untestable. */
  uplift: number | null;
  confidence: number | null;
  p: number | null;
}

export interface AbTestReport {
  name: AbTestName;
  enabled: boolean;
  controlId: string;
  variants: AbVariantReport[];
  impressions: number;
  browserImpressions: number;
  conversions: number;
  /** The sample-ratio check against the configured weights; null when it cannot be run (see srmNote). */
  srm: SampleRatioTest | null;
  srmNote: string | null;
  /** The result in one sentence, or null without data to compare. */
  headline: string | null;
  /** Whether the headline's difference reaches SIGNIFICANCE_CONFIDENCE. */
  significant: boolean;
}

const TEST_NAME = "two-proportion z-test";

/**
 * One A/B test's report: per variant the server's impressions (ab_test_served) and conversions
 * (ab_test_signup), rate and uplift against control (the first configured variant), the SRM check of
 * impressions against the current weights, and a headline about the best challenger. The impressions
 * browsers reported (ab_test_impression) are carried along for the page to show apart, never tested.
 */
export function summariseAbTest(name: AbTestName, definition: AbTestDefinition, counts: readonly AbCount[]): AbTestReport {
  const mine = counts.filter((c) => c.test === name);
  const controlId = definition.variants[0]!.id;
  const countOf = (id: string) => mine.find((c) => c.variant === id) ?? { impressions: 0, browserImpressions: 0, conversions: 0 };
  const control = countOf(controlId);

  const configured = definition.variants.map((v) => ({ id: v.id, label: v.label as string | null, weight: v.weight as number | null }));
  const unknown = mine
    .filter((c) => !definition.variants.some((v) => v.id === c.variant))
    .map((c) => ({ id: c.variant, label: null, weight: null }));

  const variants: AbVariantReport[] = [...configured, ...unknown].map(({ id, label, weight }) => {
    const { impressions, browserImpressions, conversions } = countOf(id);
    const isControl = id === controlId;
    const test = isControl ? null : twoProportionTest({ x: control.conversions, n: control.impressions }, { x: conversions, n: impressions });
    return {
      id,
      label,
      weight,
      isControl,
      impressions,
      browserImpressions,
      conversions,
      rate: rateOf(conversions, impressions),
      interval: wilsonInterval(conversions, impressions),
      uplift: test?.uplift ?? null,
      confidence: test ? test.confidence : null,
      p: test ? test.p : null,
    };
  });

  const impressions = variants.reduce((sum, v) => sum + v.impressions, 0);
  const browserImpressions = variants.reduce((sum, v) => sum + v.browserImpressions, 0);
  const conversions = variants.reduce((sum, v) => sum + v.conversions, 0);

  let srm: SampleRatioTest | null = null;
  let srmNote: string | null = null;
  if (impressions === 0) {
    // Nothing to check; the page says there is no data.
  } else if (!definition.enabled) {
    srmNote = "The test is stopped (everyone sees control), so its split is not checked.";
  } else {
    const weighted = variants.filter((v) => v.weight !== null && v.weight > 0);
    const result = sampleRatioMismatch(
      weighted.map((v) => v.impressions),
      weighted.map((v) => v.weight!),
    );
    if (!result) srmNote = "The split cannot be checked: fewer than two variants have weight.";
    else if (result.expected.some((e) => e < SRM_MIN_EXPECTED)) srmNote = "Too few impressions yet to check the traffic split.";
    else srm = result;
    if (srm && unknown.some((v) => countOf(v.id).impressions > 0)) {
      srmNote = "Impressions of variants no longer configured are left out of the split check.";
    }
  }

  const { headline, significant } = abHeadline(variants);
  return { name, enabled: definition.enabled, controlId, variants, impressions, browserImpressions, conversions, srm, srmNote, headline, significant };
}

/** The best challenger (highest rate) against control, in one sentence. */
function abHeadline(variants: readonly AbVariantReport[]): { headline: string | null; significant: boolean } {
  const control = variants.find((v) => v.isControl);
  const challengers = variants.filter((v) => !v.isControl && v.rate !== null);
  if (!control || challengers.length === 0) return { headline: null, significant: false };
  if (control.impressions === 0) return { headline: `No impressions of ${control.id} yet, so there is nothing to compare against.`, significant: false };
  const best = challengers.reduce((a, b) => (b.rate! > a.rate! ? b : a));
  const confidence = best.confidence ?? 0;
  const tail = `${formatConfidence(confidence)} confidence (${TEST_NAME})`;
  const significant = confidence >= SIGNIFICANCE_CONFIDENCE;
  if (best.uplift === null) {
    // Control has no conversions: no baseline for a relative uplift.
    if (best.conversions === 0) return { headline: "No conversions yet, so there is no difference to test.", significant: false };
    return { headline: `${best.id} converts at ${formatPercent(best.rate!)} while ${control.id} has no conversions yet; ${tail}.`, significant };
  }
  if (best.uplift === 0) return { headline: `${best.id} converts exactly as well as ${control.id}: no difference to test.`, significant: false };
  const direction = best.uplift > 0 ? "better" : "worse";
  return { headline: `${best.id} converts ${formatPercent(Math.abs(best.uplift))} ${direction} than ${control.id}; ${tail}.`, significant };
}

// ── Web vitals ─────────────────────────────────────────────────────────────────

export const isWebVitalName = (value: unknown): value is WebVitalName => (WEB_VITAL_NAMES as readonly unknown[]).includes(value);

export interface WebVitalCell {
  p75: number;
  samples: number;
  rating: ReturnType<typeof rateWebVital>;
}

export interface WebVitalPage {
  path: string;
  samples: number;
  metrics: Partial<Record<WebVitalName, WebVitalCell>>;
}

/** p75 rows (path, metric) into one row per page, busiest first, rated with the spec's thresholds. */
export function webVitalPages(rows: readonly { path: string | null; metric: unknown; p75: number; samples: number }[], limit = 20): WebVitalPage[] {
  const pages = new Map<string, WebVitalPage>();
  for (const row of rows) {
    if (!isWebVitalName(row.metric) || !Number.isFinite(row.p75)) continue;
    const path = row.path ?? "(unknown)";
    const page = pages.get(path) ?? { path, samples: 0, metrics: {} };
    page.metrics[row.metric] = { p75: row.p75, samples: row.samples, rating: rateWebVital(row.metric, row.p75) };
    page.samples += row.samples;
    pages.set(path, page);
  }
  return [...pages.values()].sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path)).slice(0, limit);
}
