/**
 * The owner's analytics page (/admin/analytics): every figure for a date range in one D1 batch
 * (the statements of analytics-queries.mjs, each served by an index), plus the A/B tests'
 * current weights from KV; the statistics and wording come from analytics-report.ts.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/admin/session.server";
import { AB_TEST_NAMES } from "~/lib/ab-tests";
import { readAbTestConfig } from "~/lib/ab-tests.server";
import { ANALYTICS_QUERIES, ANALYTICS_QUERY_NAMES, rangeBounds, type AnalyticsQueryName } from "./analytics-queries.mjs";
import { rateOf } from "./analytics-format";
import { fillDays, parseDateRange, presetRanges, summariseAbTest, webVitalPages, type AbCount, type DateRange } from "./analytics-report";

interface Rows {
  dailyPageViews: { day: string; n: number };
  dailyVisitors: { day: string; n: number };
  topPages: { path: string | null; n: number };
  referrers: { host: string; n: number };
  sources: { source: string | null; pageViews: number; conversions: number };
  funnel: { landingViews: number; formStarts: number; formSubmits: number; signups: number; conversions: number };
  abTests: { name: "ab_test_impression" | "ab_test_signup"; test: string | null; variant: string | null; n: number };
  webVitals: { path: string | null; metric: unknown; p75: number; samples: number };
}

/** Runs every statement for the range in one batch (one round trip, one consistent snapshot). */
async function queryAll(d1: D1Database, range: DateRange): Promise<{ [K in AnalyticsQueryName]: Rows[K][] }> {
  const bounds = rangeBounds(range.from, range.to);
  const results = await d1.batch(ANALYTICS_QUERY_NAMES.map((name) => d1.prepare(ANALYTICS_QUERIES[name]).bind(...bounds)));
  return Object.fromEntries(ANALYTICS_QUERY_NAMES.map((name, i) => [name, results[i]!.results])) as { [K in AnalyticsQueryName]: Rows[K][] };
}

/** A/B impression and conversion rows, one per test and variant. */
function abCounts(rows: readonly Rows["abTests"][]): AbCount[] {
  const counts = new Map<string, AbCount>();
  for (const row of rows) {
    if (typeof row.test !== "string" || typeof row.variant !== "string") continue;
    const key = `${row.test}\u0000${row.variant}`;
    const count = counts.get(key) ?? { test: row.test, variant: row.variant, impressions: 0, conversions: 0 };
    if (row.name === "ab_test_impression") count.impressions += Number(row.n);
    else count.conversions += Number(row.n);
    counts.set(key, count);
  }
  return [...counts.values()];
}

export async function loadAnalytics(d1: D1Database, kv: KVNamespace, url: URL, now = Date.now()) {
  const range = parseDateRange(url.searchParams, now);
  const [rows, abConfig] = await Promise.all([queryAll(d1, range), readAbTestConfig(kv)]);

  const pageViews = fillDays(range, rows.dailyPageViews);
  const visitors = fillDays(range, rows.dailyVisitors);
  const totalPageViews = pageViews.reduce((sum, d) => sum + d.count, 0);
  const totalVisitors = visitors.reduce((sum, d) => sum + d.count, 0);
  const funnel = rows.funnel[0] ?? { landingViews: 0, formStarts: 0, formSubmits: 0, signups: 0, conversions: 0 };

  const sourceRows = rows.sources.map((row) => ({
    source: row.source,
    pageViews: Number(row.pageViews),
    conversions: Number(row.conversions),
    rate: rateOf(Number(row.conversions), Number(row.pageViews)),
  }));
  const counts = abCounts(rows.abTests);

  return {
    range,
    presets: presetRanges(now),
    totals: {
      visitors: totalVisitors,
      pageViews: totalPageViews,
      signups: Number(funnel.signups),
      conversions: Number(funnel.conversions),
      conversionRate: rateOf(Number(funnel.conversions), totalPageViews),
    },
    daily: { pageViews, visitors },
    topPages: rows.topPages.map((row) => ({ path: row.path ?? "(unknown)", n: Number(row.n) })),
    referrers: rows.referrers.map((row) => ({ host: row.host, n: Number(row.n) })),
    /** The row without a UTM source first (when there is one), then the top sources. */
    sources: sourceRows,
    funnel: [
      { key: "landing", label: "Landing page views", n: Number(funnel.landingViews) },
      { key: "start", label: "Sign-up form started", n: Number(funnel.formStarts) },
      { key: "submit", label: "Sign-up form submitted", n: Number(funnel.formSubmits) },
      { key: "success", label: "Signed up", n: Number(funnel.signups) },
    ],
    abTests: AB_TEST_NAMES.map((name) => summariseAbTest(name, abConfig[name], counts)),
    webVitals: webVitalPages(rows.webVitals),
  };
}

export type AnalyticsPageData = Awaited<ReturnType<typeof loadAnalytics>>;

export async function loadAnalyticsPage({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await loadAnalytics(context.cloudflare.env.DB, context.cloudflare.env.CONFIG, new URL(request.url)));
}
