// The statements that keep the analytics database's daily counts (ADR 0037), in plain JavaScript so
// the Worker (ingest.server.ts, move.server.ts) and the one-million-event benchmark
// (scripts/bench/analytics-queries.mjs) run the same SQL. Every writer of analytics_events ends its
// D1 batch with them: they count every event above the counted mark, then move the mark past them.
//
// Most facet values come from whoever posts to /api/events (a path, a referrer, a UTM source, a form,
// a test and variant), so each (name, facet) keeps at most DAILY_VALUES_CAP values a UTC day, and
// daily visitors at most DAILY_VISITORS_CAP (ADR 0047). A value already kept that day goes on counting;
// a new one past the cap is counted under OTHER_VALUE. Within one batch the busiest new values take
// the places left. Totals never change: every event is counted once, under its value or "(other)".

/** Distinct values one event name and facet keeps per UTC day (the site has a few dozen pages). */
export const DAILY_VALUES_CAP = 500;
/** Distinct daily visitor hashes kept per UTC day (some 40 times the visitors of a busy day so far). */
export const DAILY_VISITORS_CAP = 10_000;
/** What a value past the day's cap is counted as. */
export const OTHER_VALUE = "(other)";
/** The same for the facets whose value is a JSON pair ([test, variant], [page, metric]), which the page reads with json_extract. */
export const OTHER_PAIR = JSON.stringify([OTHER_VALUE, OTHER_VALUE]);

const PAIR_FACETS = "('ab_variant', 'page_metric')";
const OTHERS = `('${OTHER_VALUE}', '${OTHER_PAIR}')`;

export const COUNT_NEW_EVENTS = [
  // fresh: the new events' counts; taken: how many values each of their days already keeps (one
  // primary-key search per name, facet and day); known: whether a value already has its row.
  // MATERIALIZED: without it SQLite runs taken's count once per new value, not once per day (a full
  // batch then took some 200 ms instead of 15).
  `INSERT INTO analytics_daily_counts (name, facet, day, value, n)
WITH fresh AS MATERIALIZED (
  SELECT name, facet, day, value, count(*) AS n FROM analytics_event_facets
  WHERE id > (SELECT up_to_id FROM analytics_counted WHERE id = 1)
  GROUP BY name, facet, day, value
), taken AS MATERIALIZED (
  SELECT g.name, g.facet, g.day,
    (SELECT count(*) FROM analytics_daily_counts AS c
      WHERE c.name = g.name AND c.facet = g.facet AND c.day = g.day AND c.value NOT IN ${OTHERS}) AS n
  FROM (SELECT DISTINCT name, facet, day FROM fresh) AS g
), ranked AS MATERIALIZED (
  SELECT f.name, f.facet, f.day, f.value, f.n, t.n AS taken,
    iif(f.facet = 'visitor_hash', ${DAILY_VISITORS_CAP}, ${DAILY_VALUES_CAP}) AS cap,
    EXISTS (SELECT 1 FROM analytics_daily_counts AS c WHERE c.name = f.name AND c.facet = f.facet AND c.day = f.day AND c.value = f.value) AS known
  FROM fresh AS f JOIN taken AS t ON t.name = f.name AND t.facet = f.facet AND t.day = f.day
)
SELECT name, facet, day, kept, sum(n) FROM (
  SELECT name, facet, day, n,
    CASE
      WHEN known OR taken + row_number() OVER (PARTITION BY name, facet, day, known ORDER BY n DESC, value) <= cap THEN value
      WHEN facet IN ${PAIR_FACETS} THEN '${OTHER_PAIR}'
      ELSE '${OTHER_VALUE}'
    END AS kept
  FROM ranked
)
WHERE true
GROUP BY name, facet, day, kept
ON CONFLICT (name, facet, day, value) DO UPDATE SET n = n + excluded.n`,
  `UPDATE analytics_counted SET up_to_id = (SELECT coalesce(max(id), analytics_counted.up_to_id) FROM analytics_events) WHERE id = 1`,
];
