-- Migration number: 0004 	 daily counts for the owner's analytics page, web vitals in page order (ADR 0023)
-- The page's statements (app/lib/admin/analytics-queries.mjs) read their counts from analytics_daily_counts,
-- which the triggers below keep equal to what the raw events say, and compute web vitals from the raw events
-- through an index in (page, metric, value) order. analytics_events stays the source of truth: the counts
-- can always be rebuilt from it with the backfill statement below.

-- How many events of `name` happened on `day` (UTC, YYYY-MM-DD) with `facet` = `value`. The facets are
-- those of analytics_event_facets; `value` is '' where the event has none (no path, no UTM source), and
-- `name` is '*' (any event) for the visitor_hash facet, whose rows per day are that day's visitors.
CREATE TABLE analytics_daily_counts (
  name TEXT NOT NULL,
  facet TEXT NOT NULL,
  day TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n > 0),
  PRIMARY KEY (name, facet, day, value)
) WITHOUT ROWID;

-- What each event counts towards, one row per facet it has: page views by path, referrer host and UTM
-- source; conversions by UTM source; sign-up form starts and submits by form, successful submits
-- (success = true) by form; A/B impressions and conversions by [test, variant]; web vitals with a metric
-- and a numeric value by [path, metric]; and, for events with analytics consent, the daily visitor hash. One definition for the backfill and both triggers. (A
-- json_each over one object rather than a UNION ALL per facet: D1 allows few terms in a compound SELECT.)
CREATE VIEW analytics_event_facets AS
SELECT e.id, iif(f.key = 'visitor_hash', '*', e.name) AS name, substr(e.occurred_at, 1, 10) AS day, f.key AS facet, f.value AS value
FROM analytics_events AS e, json_each(json_object(
  'path', iif(e.name = 'page_view', coalesce(e.path, ''), NULL),
  'referrer_host', iif(e.name = 'page_view', e.referrer_host, NULL),
  'utm_source', iif(e.name IN ('page_view', 'conversion'), coalesce(e.utm_source, ''), NULL),
  'form', iif(e.name IN ('form_start', 'form_submit'), json_extract(e.properties, '$.form'), NULL),
  'form_success', iif(e.name = 'form_submit' AND json_extract(e.properties, '$.success') = 1, json_extract(e.properties, '$.form'), NULL),
  'ab_variant', iif(e.name IN ('ab_test_impression', 'ab_test_conversion'), json_array(json_extract(e.properties, '$.test'), json_extract(e.properties, '$.variant')), NULL),
  'page_metric', iif(e.name = 'web_vital' AND json_extract(e.properties, '$.metric') IS NOT NULL AND typeof(json_extract(e.properties, '$.value')) IN ('integer', 'real'),
    json_array(e.path, json_extract(e.properties, '$.metric')), NULL),
  'visitor_hash', iif(e.consent = 'analytics', e.visitor_hash, NULL)
)) AS f
WHERE f.value IS NOT NULL;

-- Backfill from the events stored so far (this file runs as one transaction, so no event is missed or
-- counted twice between this and the triggers).
INSERT INTO analytics_daily_counts (name, facet, day, value, n)
SELECT name, facet, day, value, count(*) FROM analytics_event_facets GROUP BY name, facet, day, value;

-- Every inserted event is counted in the same statement that stores it (the collector's D1 batch).
CREATE TRIGGER analytics_events_count_insert AFTER INSERT ON analytics_events
BEGIN
  INSERT INTO analytics_daily_counts (name, facet, day, value, n)
  SELECT name, facet, day, value, 1 FROM analytics_event_facets WHERE id = NEW.id
  ON CONFLICT (name, facet, day, value) DO UPDATE SET n = n + 1;
END;

-- A deleted event is no longer counted (before the delete, while the view still sees it). Events are
-- never updated; an UPDATE of analytics_events would leave the counts as they were.
CREATE TRIGGER analytics_events_count_delete BEFORE DELETE ON analytics_events
BEGIN
  DELETE FROM analytics_daily_counts
  WHERE n = 1 AND (name, facet, day, value) IN (SELECT name, facet, day, value FROM analytics_event_facets WHERE id = OLD.id);
  UPDATE analytics_daily_counts SET n = n - 1
  WHERE (name, facet, day, value) IN (SELECT name, facet, day, value FROM analytics_event_facets WHERE id = OLD.id);
END;

-- Web vitals by page and metric, then time: the 75th percentile of one page and metric reads just that
-- pair's samples of the range (it replaces 0003's index in time order, which made the page sort them all).
DROP INDEX analytics_events_web_vitals_idx;
CREATE INDEX analytics_events_web_vitals_idx ON analytics_events (name, path, json_extract(properties, '$.metric'), occurred_at, json_extract(properties, '$.value'))
  WHERE name = 'web_vital';

-- 0003's indexes for the counts, which the page no longer reads, cost every insert; the plain
-- (name, occurred_at) index of 0001 comes back for other queries by event name and time.
DROP INDEX analytics_events_name_time_dims_idx;
DROP INDEX analytics_events_daily_visitors_idx;
DROP INDEX analytics_events_ab_idx;
DROP INDEX analytics_events_forms_idx;
CREATE INDEX analytics_events_name_time_idx ON analytics_events (name, occurred_at);
