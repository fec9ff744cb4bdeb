-- Migration number: 0003 	 indexes for the owner's analytics page (/admin/analytics)
-- The page's statements are in app/lib/admin/analytics-queries.mjs. Each one reads an index and, where
-- it can, only the index: the partial indexes below hold the few JSON properties the page needs,
-- so it never parses an event's JSON at read time. tests/integration/admin-analytics.test.ts checks the
-- plans (no full scan); scripts/bench/analytics-queries.mjs times them over a million events.

-- Page views by day, path, referrer and UTM source, conversions by source, the funnel's landing views.
-- It begins with (name, occurred_at), so it replaces that index of 0001.
CREATE INDEX analytics_events_name_time_dims_idx ON analytics_events (name, occurred_at, path, utm_source, referrer_host);
DROP INDEX analytics_events_name_time_idx;

-- Daily visitors: consented events only, in (UTC day, visitor hash) order, so distinct hashes are
-- counted per day while reading the index in order, without a sort.
CREATE INDEX analytics_events_daily_visitors_idx ON analytics_events (substr(occurred_at, 1, 10), visitor_hash)
  WHERE consent = 'analytics';

-- A/B impressions and conversions per test and variant.
CREATE INDEX analytics_events_ab_idx ON analytics_events (name, occurred_at, json_extract(properties, '$.test'), json_extract(properties, '$.variant'))
  WHERE name IN ('ab_test_impression', 'ab_test_conversion');

-- The sign-up funnel's form starts, submits and successes.
CREATE INDEX analytics_events_forms_idx ON analytics_events (name, occurred_at, json_extract(properties, '$.form'), json_extract(properties, '$.success'))
  WHERE name IN ('form_start', 'form_submit');

-- Web vitals per page and metric, with their values (the 75th percentile).
CREATE INDEX analytics_events_web_vitals_idx ON analytics_events (name, occurred_at, path, json_extract(properties, '$.metric'), json_extract(properties, '$.value'))
  WHERE name = 'web_vital';
