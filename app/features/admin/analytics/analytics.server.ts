/**
 * The owner's analytics page (/admin/analytics): every figure for a date range in one D1 batch of
 * the analytics database (the statements of analytics-queries.mjs, each served by an index), plus the
 * A/B tests' current weights from KV; the statistics and wording come from analytics-report.ts. The
 * pipeline panel (ADR 0037): dead letters (replayable), the retention in force (set on the settings
 * page, ADR 0047), the move of the site database's old events.
 */
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { auditStatement } from "~/features/admin/audit.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, saveFailedRedirect } from "~/features/admin/guard.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { countDeadLetters, replayDeadLetters } from "~/features/analytics/dead-letters.server";
import { readAnalyticsRetention } from "~/lib/settings.server";
import { AB_TEST_NAMES } from "~/lib/ab-tests";
import { readAbTestConfig } from "~/lib/ab-tests.server";
import { DAILY_VALUES_CAP, DAILY_VISITORS_CAP, OTHER_VALUE } from "~/features/analytics/count-statements.mjs";
import { ANALYTICS_QUERIES, ANALYTICS_QUERY_NAMES, rangeBounds, type AnalyticsQueryName } from "./analytics-queries.mjs";
import { rateOf } from "./analytics-format";
import { fillDays, parseDateRange, presetRanges, summariseAbTest, webVitalPages, type AbCount, type DateRange } from "./analytics-report";
import { funnelReport } from "./funnel-report";
import { loadFunnelCohorts } from "./funnel.server";
import { PIPELINE_MESSAGES } from "./pipeline-schema";

const PATH = ADMIN_PATHS.analytics;

interface Rows {
  dailyPageViews: { day: string; n: number };
  dailyVisitors: { day: string; n: number; capped: number };
  previousVisitors: { n: number; capped: number };
  topPages: { path: string | null; n: number };
  referrers: { host: string; n: number };
  sources: { source: string | null; pageViews: number; conversions: number };
  funnel: { landingViews: number; formStarts: number; formSubmits: number; signups: number; conversions: number };
  abTests: { name: "ab_test_served" | "ab_test_impression" | "ab_test_signup"; test: string | null; variant: string | null; n: number };
  webVitals: { path: string | null; metric: unknown; p75: number; samples: number };
}

/** Runs every statement for the range in one batch (one round trip, one consistent snapshot). */
async function queryAll(d1: D1Database, range: DateRange): Promise<{ [K in AnalyticsQueryName]: Rows[K][] }> {
  const bounds = rangeBounds(range.from, range.to);
  const results = await d1.batch(ANALYTICS_QUERY_NAMES.map((name) => d1.prepare(ANALYTICS_QUERIES[name]).bind(...bounds)));
  return Object.fromEntries(ANALYTICS_QUERY_NAMES.map((name, i) => [name, results[i]!.results])) as { [K in AnalyticsQueryName]: Rows[K][] };
}

/** Which figure of a test and variant each A/B event counts towards (ADR 0047). */
const AB_FIGURE = { ab_test_served: "impressions", ab_test_impression: "browserImpressions", ab_test_signup: "conversions" } as const;

/** A/B rows, one per test and variant: served impressions, browser-reported impressions, conversions. */
function abCounts(rows: readonly Rows["abTests"][]): AbCount[] {
  const counts = new Map<string, AbCount>();
  for (const row of rows) {
    if (typeof row.test !== "string" || typeof row.variant !== "string" || !(row.name in AB_FIGURE)) continue;
    const key = `${row.test}\u0000${row.variant}`;
    const count = counts.get(key) ?? { test: row.test, variant: row.variant, impressions: 0, browserImpressions: 0, conversions: 0 };
    count[AB_FIGURE[row.name]] += Number(row.n);
    counts.set(key, count);
  }
  return [...counts.values()];
}

/** Everything on the page but the pipeline panel: `d1` the analytics database, `site` the site's (the funnel's cohorts). */
export async function loadAnalytics(d1: D1Database, site: D1Database, kv: KVNamespace, url: URL, now = Date.now()) {
  const range = parseDateRange(url.searchParams, now);
  const [rows, abConfig, cohorts] = await Promise.all([queryAll(d1, range), readAbTestConfig(kv), loadFunnelCohorts(site, range)]);

  const pageViews = fillDays(range, rows.dailyPageViews);
  const visitors = fillDays(range, rows.dailyVisitors);
  const totalPageViews = pageViews.reduce((sum, d) => sum + d.count, 0);
  const totalVisitors = visitors.reduce((sum, d) => sum + d.count, 0);
  const visitorsCappedDays = rows.dailyVisitors.filter((row) => Number(row.capped) === 1).length;
  const funnel = rows.funnel[0] ?? { landingViews: 0, formStarts: 0, formSubmits: 0, signups: 0, conversions: 0 };

  const sourceRows = rows.sources.map((row) => ({
    source: row.source,
    pageViews: Number(row.pageViews),
    conversions: Number(row.conversions),
    rate: rateOf(Number(row.conversions), Number(row.pageViews)),
  }));
  const counts = abCounts(rows.abTests);
  const previousVisitors = rows.previousVisitors[0] ?? { n: 0, capped: 0 };
  const pageViewsBySource = new Map(sourceRows.map((row) => [row.source ?? "", row.pageViews]));

  return {
    range,
    /** The beta funnel, visitors to invited, with the period before (ADR 0055). */
    betaFunnel: funnelReport(
      range,
      cohorts,
      { current: totalVisitors, currentCappedDays: visitorsCappedDays, previous: Number(previousVisitors.n), previousCappedDays: Number(previousVisitors.capped) },
      {
        servedImpressions: (test, variant) => counts.find((c) => c.test === test && c.variant === variant)?.impressions ?? 0,
        pageViewsFromSource: (utmSource) => pageViewsBySource.get(utmSource) ?? null,
      },
    ),
    presets: presetRanges(now),
    totals: {
      visitors: totalVisitors,
      /** Days whose visitors reached the daily cap: the total is then a floor. */
      visitorsCappedDays,
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
    /** What a day keeps of each facet (ADR 0047), for the page to explain "(other)" and capped days. */
    caps: { values: DAILY_VALUES_CAP, visitors: DAILY_VISITORS_CAP, other: OTHER_VALUE },
  };
}

export type AnalyticsPageData = Awaited<ReturnType<typeof loadAnalytics>>;

/** The analytics database; a deployment without it is misconfigured (README, "Deploying"). */
function analyticsDatabase(context: AppLoadContext): D1Database {
  const db = context.cloudflare.env.ANALYTICS_DB;
  if (!db) throw json({ error: "The analytics database (ANALYTICS_DB) is not bound." }, { status: 503 });
  return db;
}

/** The pipeline panel: dead letters, the retention in force, the move of the site database's old events. */
export async function loadPipeline(analytics: D1Database, site: D1Database) {
  const [deadLetters, move, retention] = await Promise.all([
    countDeadLetters(analytics),
    analytics.prepare("SELECT moved, finished_at AS finishedAt FROM analytics_move WHERE id = 1").first<{ moved: number; finishedAt: string | null }>(),
    readAnalyticsRetention(site),
  ]);
  return { deadLetters, retention, move: { moved: move?.moved ?? 0, finishedAt: move?.finishedAt ?? null } };
}

export async function loadAnalyticsPage({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const analytics = analyticsDatabase(context);
  const { DB, CONFIG } = context.cloudflare.env;
  const [report, pipeline] = await Promise.all([loadAnalytics(analytics, DB, CONFIG, new URL(request.url)), loadPipeline(analytics, DB)]);
  return json({ ...report, pipeline });
}

const refuse = (message: string, status = 400) => json(formRefusal(message), { status });

/** Replays the dead letters; then back to the page. */
export const analyticsAction = adminAction(async ({ request, context, session, fields }) => {
  const back = `${PATH}${new URL(request.url).search}`;
  const save = async () => {
    if (fields.intent === "replay-dead-letters") {
      const { stored, invalid } = await replayDeadLetters(analyticsDatabase(context));
      if (stored + invalid === 0) return refuse(PIPELINE_MESSAGES.nothingToReplay, 409);
      await auditStatement(context.cloudflare.env.DB, session.admin, "replayed analytics dead letters", "analytics_dead_letters", { stored, invalid });
      return redirectWithFlash(request, context, back, { kind: stored > 0 ? "success" : "error", message: PIPELINE_MESSAGES.replayed(stored, invalid) });
    }
    return refuse(PIPELINE_MESSAGES.unknownIntent);
  };
  return answerSaveFailure({ event: "admin_analytics_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, back));
});
