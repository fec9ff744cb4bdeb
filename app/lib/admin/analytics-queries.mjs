// The SQL of the owner's analytics page (/admin/analytics), one statement per block of the page.
// Plain JavaScript on purpose: the Worker (through analytics-admin.server.ts), the index test
// (EXPLAIN QUERY PLAN) and the one-million-event benchmark (scripts/bench/analytics-queries.mjs)
// run these exact statements.
//
// Every statement takes ?1 = range start (inclusive) and ?2 = range end (exclusive), both ISO
// timestamps at UTC midnight, and reads an index of migrations/0003 (never the whole table):
//   analytics_events_name_time_dims_idx  page views by day, path, referrer and source; conversions
//                                        by source; landing views (from the index alone)
//   analytics_events_daily_visitors_idx  visitors per day (index order: no sort)
//   analytics_events_ab_idx, _forms_idx, _web_vitals_idx
//                                        partial indexes holding the JSON properties those blocks
//                                        need, so no event's JSON is parsed at read time.
// SQLite reads an indexed expression's value from the index only while it walks the index; a
// GROUP BY sort evaluates it again from the table. So the statements that group on JSON properties
// select them in a subquery with `LIMIT -1` (no limit), which keeps SQLite from flattening it.

/** Paths that count as a landing view in the sign-up funnel. */
export const LANDING_PATHS = ["/", "/home"];
/** The `form` property of the sign-up form's form_start and form_submit events (spec section 7). */
export const SIGNUP_FORM = "beta_signup";
/** Rows kept for the top-N tables. */
export const TOP_N = 10;
/** Page and metric pairs of web vitals returned at most (the busiest first). */
export const WEB_VITAL_ROWS = 120;

const RANGE = "occurred_at >= ?1 AND occurred_at < ?2";
const quoted = (values) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");

export const ANALYTICS_QUERIES = {
  /** Page views per UTC day. */
  dailyPageViews: `SELECT substr(occurred_at, 1, 10) AS day, count(*) AS n
FROM analytics_events
WHERE name = 'page_view' AND ${RANGE}
GROUP BY day`,

  /**
   * Visitors per UTC day: distinct visitor hashes among events with analytics consent. The hash
   * is salted per day, so a visitor who comes back on another day counts again on that day. The
   * range is compared on the day (substr of the ISO time) to match the index's expression.
   */
  dailyVisitors: `SELECT substr(occurred_at, 1, 10) AS day, count(DISTINCT visitor_hash) AS n
FROM analytics_events
WHERE consent = 'analytics' AND substr(occurred_at, 1, 10) >= substr(?1, 1, 10) AND substr(occurred_at, 1, 10) < substr(?2, 1, 10)
GROUP BY substr(occurred_at, 1, 10)`,

  /** The most viewed pages. */
  topPages: `SELECT path, count(*) AS n
FROM analytics_events
WHERE name = 'page_view' AND ${RANGE}
GROUP BY path
ORDER BY n DESC, path
LIMIT ${TOP_N}`,

  /** Page views by referring host (only the host is ever stored). */
  referrers: `SELECT referrer_host AS host, count(*) AS n
FROM analytics_events
WHERE name = 'page_view' AND ${RANGE} AND referrer_host IS NOT NULL
GROUP BY referrer_host
ORDER BY n DESC, host
LIMIT ${TOP_N}`,

  /**
   * Page views and conversions by UTM source: the row without a source (direct and other
   * traffic) first, then the top sources by page views.
   */
  sources: `SELECT utm_source AS source,
  sum(name = 'page_view') AS pageViews,
  sum(name = 'conversion') AS conversions
FROM analytics_events
WHERE name IN ('page_view', 'conversion') AND ${RANGE}
GROUP BY utm_source
ORDER BY source IS NULL DESC, pageViews DESC, conversions DESC, source
LIMIT ${TOP_N + 1}`,

  /**
   * The sign-up funnel: landing view, form start, form submit, successful submit (event counts);
   * and all conversion events of the range.
   */
  funnel: `SELECT
  (SELECT count(*) FROM analytics_events
    WHERE name = 'page_view' AND ${RANGE} AND path IN (${quoted(LANDING_PATHS)})) AS landingViews,
  forms.formStarts, forms.formSubmits, forms.signups,
  (SELECT count(*) FROM analytics_events WHERE name = 'conversion' AND ${RANGE}) AS conversions
FROM (
  SELECT coalesce(sum(name = 'form_start'), 0) AS formStarts,
    coalesce(sum(name = 'form_submit'), 0) AS formSubmits,
    coalesce(sum(name = 'form_submit' AND json_extract(properties, '$.success') = 1), 0) AS signups
  FROM analytics_events
  WHERE name IN ('form_start', 'form_submit') AND ${RANGE} AND json_extract(properties, '$.form') = '${SIGNUP_FORM}'
) AS forms`,

  /** A/B impressions and conversions per test and variant. */
  abTests: `SELECT name, test, variant, count(*) AS n
FROM (
  SELECT name, json_extract(properties, '$.test') AS test, json_extract(properties, '$.variant') AS variant
  FROM analytics_events
  WHERE name IN ('ab_test_impression', 'ab_test_conversion') AND ${RANGE}
  LIMIT -1
)
GROUP BY name, test, variant`,

  /**
   * Web vitals: the 75th percentile per page and metric by the nearest-rank method (the sample at
   * rank ceil(0.75 n) in ascending order, as percentileNearestRank in app/lib/analytics/stats.ts;
   * (3n + 3) / 4 in integers), with the number of samples; the busiest page and metric pairs first.
   * One window (same partition and order) gives both the rank and the count: a single sort.
   */
  webVitals: `WITH samples AS (
  SELECT path, json_extract(properties, '$.metric') AS metric, json_extract(properties, '$.value') AS value
  FROM analytics_events
  WHERE name = 'web_vital' AND ${RANGE}
  LIMIT -1
), ranked AS (
  SELECT path, metric, value, row_number() OVER w AS position, count(*) OVER w AS samples
  FROM samples
  WHERE metric IS NOT NULL AND typeof(value) IN ('integer', 'real')
  WINDOW w AS (PARTITION BY path, metric ORDER BY value ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
)
SELECT path, metric, value AS p75, samples
FROM ranked
WHERE position = (3 * samples + 3) / 4
ORDER BY samples DESC, path, metric
LIMIT ${WEB_VITAL_ROWS}`,
};

/** The statements in the order the page runs them (one D1 batch). */
export const ANALYTICS_QUERY_NAMES = Object.keys(ANALYTICS_QUERIES);

/** ?1 and ?2 for an inclusive range of UTC days (YYYY-MM-DD): from the first midnight to the one after the last day. */
export function rangeBounds(from, to) {
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [`${from}T00:00:00.000Z`, end.toISOString()];
}
