// The statements that keep the analytics database's daily counts (ADR 0037), in plain JavaScript so
// the Worker (ingest.server.ts, move.server.ts) and the one-million-event benchmark
// (scripts/bench/analytics-queries.mjs) run the same SQL. Every writer of analytics_events ends its
// D1 batch with them: they count every event above the counted mark, then move the mark past them.

export const COUNT_NEW_EVENTS = [
  `INSERT INTO analytics_daily_counts (name, facet, day, value, n)
SELECT name, facet, day, value, count(*) FROM analytics_event_facets
WHERE id > (SELECT up_to_id FROM analytics_counted WHERE id = 1)
GROUP BY name, facet, day, value
ON CONFLICT (name, facet, day, value) DO UPDATE SET n = n + excluded.n`,
  `UPDATE analytics_counted SET up_to_id = (SELECT coalesce(max(id), analytics_counted.up_to_id) FROM analytics_events) WHERE id = 1`,
];
