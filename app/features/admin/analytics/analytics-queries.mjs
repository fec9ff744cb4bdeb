// The SQL of the owner's analytics page (/admin/analytics), one statement per block of the page.
// Plain JavaScript on purpose: the Worker (through analytics-admin.server.ts), the index test
// (EXPLAIN QUERY PLAN) and the one-million-event benchmark (scripts/bench/analytics-queries.mjs)
// run these exact statements.
//
// They run against the analytics database (binding ANALYTICS_DB, migrations-analytics/).
// Every statement takes ?1 = range start (inclusive) and ?2 = range end (exclusive), both ISO
// timestamps at UTC midnight (so the range is whole UTC days), and reads an index, never a whole
// table (ADR 0023):
//   analytics_daily_counts   every count (page views, visitors, pages, referrers, sources, funnel,
//                            A/B), summed over the range's days. Every batch that stores events
//                            counts them in the same transaction (ADR 0037), and the counts outlive
//                            the raw events' retention; each statement's comment says which of
//                            analytics_event_facets' facets it reads. A day keeps a bounded number
//                            of values per facet; the rest are counted as "(other)" (ADR 0047), which
//                            the top-N tables show as a row of its own.
//   analytics_events_web_vitals_idx
//                            web vitals by (page, metric, time) with their values: the exact 75th
//                            percentile of one page and metric reads only that pair's samples of the range.

import { OTHER_VALUE } from "../../analytics/count-statements.mjs";

/**
 * Paths that count as a landing view in the sign-up funnel: the landing page in every language
 * (app/lib/i18n/languages.ts), and `/`, which showed it before it became the language entry.
 */
export const LANDING_PATHS = ["/", "/home", "/de/home", "/fr/home", "/es/home", "/pt-br/home", "/ja/home"];
/** The `form` property of the sign-up form's form_start and form_submit events (spec section 7). */
export const SIGNUP_FORM = "beta_signup";
/** Rows kept for the top-N tables. */
export const TOP_N = 10;
/** Page and metric pairs of web vitals returned at most (the busiest first). */
export const WEB_VITAL_ROWS = 120;

const DAYS = "day >= substr(?1, 1, 10) AND day < substr(?2, 1, 10)";
const quoted = (values) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
/** The range's rows of one event name and facet of analytics_daily_counts. */
const counted = (name, facet) => `FROM analytics_daily_counts WHERE name = '${name}' AND facet = '${facet}' AND ${DAYS}`;
const WEB_VITAL_VALUE = "json_extract(properties, '$.value')";

export const ANALYTICS_QUERIES = {
  /** Page views per UTC day (every page view has a path facet, '' when it has no path). */
  dailyPageViews: `SELECT day, sum(n) AS n ${counted("page_view", "path")}
GROUP BY day`,

  /**
   * Visitors per UTC day: distinct visitor hashes among events with analytics consent (one row per
   * day and hash). The hash is salted per day, so a visitor who comes back on another day counts
   * again on that day. `capped`: the day reached its cap, so its figure is a floor (its "(other)" row
   * stands for at least one more visitor).
   */
  dailyVisitors: `SELECT day, count(*) AS n, max(value = '${OTHER_VALUE}') AS capped ${counted("*", "visitor_hash")}
GROUP BY day`,

  /**
   * Visitors of the period of the same length just before the range, for the funnel's trend (ADR 0055):
   * the sum of its daily visitors, and whether a day of it reached the cap (`capped`, as above).
   */
  previousVisitors: `SELECT count(*) AS n, coalesce(max(value = '${OTHER_VALUE}'), 0) AS capped
FROM analytics_daily_counts
WHERE name = '*' AND facet = 'visitor_hash'
  AND day >= date(substr(?1, 1, 10), '-' || CAST(julianday(?2) - julianday(?1) AS INTEGER) || ' days') AND day < substr(?1, 1, 10)`,

  /** The most viewed pages (NULL: page views without a path). */
  topPages: `SELECT nullif(value, '') AS path, sum(n) AS n ${counted("page_view", "path")}
GROUP BY value
ORDER BY n DESC, path
LIMIT ${TOP_N}`,

  /** Page views by referring host (only the host is ever stored; none without a referrer). */
  referrers: `SELECT value AS host, sum(n) AS n ${counted("page_view", "referrer_host")}
GROUP BY value
ORDER BY n DESC, host
LIMIT ${TOP_N}`,

  /**
   * Page views and conversions by UTM source: the row without a source (direct and other
   * traffic) first, then the top sources by page views.
   */
  sources: `SELECT nullif(value, '') AS source,
  sum(n * (name = 'page_view')) AS pageViews,
  sum(n * (name = 'conversion')) AS conversions
FROM analytics_daily_counts
WHERE name IN ('page_view', 'conversion') AND facet = 'utm_source' AND ${DAYS}
GROUP BY value
ORDER BY source IS NULL DESC, pageViews DESC, conversions DESC, source
LIMIT ${TOP_N + 1}`,

  /**
   * The sign-up funnel: landing views, then the sign-up form's starts, submits and successful
   * submits (event counts); and all conversion events of the range.
   */
  funnel: `SELECT
  (SELECT coalesce(sum(n), 0) ${counted("page_view", "path")} AND value IN (${quoted(LANDING_PATHS)})) AS landingViews,
  (SELECT coalesce(sum(n), 0) ${counted("form_start", "form")} AND value = ${quoted([SIGNUP_FORM])}) AS formStarts,
  (SELECT coalesce(sum(n), 0) ${counted("form_submit", "form")} AND value = ${quoted([SIGNUP_FORM])}) AS formSubmits,
  (SELECT coalesce(sum(n), 0) ${counted("form_submit", "form_success")} AND value = ${quoted([SIGNUP_FORM])}) AS signups,
  (SELECT coalesce(sum(n), 0) ${counted("conversion", "utm_source")}) AS conversions`,

  /**
   * A/B figures per test and variant (the facet's value is [test, variant]), all the server's own but
   * one (ADR 0047): ab_test_served, the pages served with the variant
   * (app/features/analytics/served-impressions.server.ts); ab_test_signup, the confirmed sign-ups
   * (ab-conversions.server.ts), never the browser's ab_test_conversion; and ab_test_impression, the
   * impressions browsers reported, shown apart and used in no statistic.
   */
  abTests: `SELECT name, json_extract(value, '$[0]') AS test, json_extract(value, '$[1]') AS variant, sum(n) AS n
FROM analytics_daily_counts
WHERE name IN ('ab_test_served', 'ab_test_impression', 'ab_test_signup') AND facet = 'ab_variant' AND ${DAYS}
GROUP BY name, value`,

  /**
   * Web vitals: the busiest page and metric pairs of the range with their number of samples (the
   * page_metric facet counts web vitals with a metric and a numeric value), and for each the exact
   * 75th percentile by the nearest-rank method: the sample at rank ceil(0.75 n) in ascending order,
   * as percentileNearestRank in app/features/analytics/stats.ts ((3n + 3) / 4 in integers, 1-based).
   * The pair's samples of the range come from the index in time order and are sorted per pair into
   * one JSON array (D1 caps a value at about 2 MB: some 250,000 samples of one pair in one range).
   */
  webVitals: `SELECT path, metric,
  (SELECT json_extract(sorted, '$[' || ((3 * json_array_length(sorted) + 3) / 4 - 1) || ']')
    FROM (
      SELECT json_group_array(${WEB_VITAL_VALUE} ORDER BY ${WEB_VITAL_VALUE}) AS sorted
      FROM analytics_events
      WHERE name = 'web_vital' AND path IS pairs.path AND json_extract(properties, '$.metric') = pairs.metric
        AND occurred_at >= ?1 AND occurred_at < ?2 AND typeof(${WEB_VITAL_VALUE}) IN ('integer', 'real')
    )) AS p75,
  samples
FROM (
  SELECT json_extract(value, '$[0]') AS path, json_extract(value, '$[1]') AS metric, sum(n) AS samples
  ${counted("web_vital", "page_metric")}
  GROUP BY value
  ORDER BY samples DESC, path, metric
  LIMIT ${WEB_VITAL_ROWS}
) AS pairs`,
};

/** The statements in the order the page runs them (one D1 batch). */
export const ANALYTICS_QUERY_NAMES = Object.keys(ANALYTICS_QUERIES);

/** ?1 and ?2 for an inclusive range of UTC days (YYYY-MM-DD): from the first midnight to the one after the last day. */
export function rangeBounds(from, to) {
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [`${from}T00:00:00.000Z`, end.toISOString()];
}
