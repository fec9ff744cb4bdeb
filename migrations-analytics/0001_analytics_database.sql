-- Migration number: 0001 	 the analytics database of its own (binding ANALYTICS_DB, ADR 0037)
-- Analytics used to live in the site's database (migrations/0001, 0003, 0004), where every beacon cost
-- D1 writes next to the waitlist's. It now has a database of its own, written in large batches by the
-- companion Worker's queue consumer (app/features/analytics/ingest.server.ts). The site's old tables stay
-- until their events have moved here (app/features/analytics/move.server.ts; README, "Deploying").

-- One row per stored event, as before (ADR 0018), with the same columns.
CREATE TABLE analytics_events (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  name           TEXT    NOT NULL,
  occurred_at    TEXT    NOT NULL,
  received_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  path           TEXT,
  -- 'anonymous': aggregate only (no identifiers); 'analytics': visitor hash and session id kept.
  consent        TEXT    NOT NULL DEFAULT 'anonymous' CHECK (consent IN ('anonymous', 'analytics')),
  visitor_hash   TEXT,
  session_id     TEXT,
  referrer_host  TEXT,
  utm_source     TEXT,
  utm_medium     TEXT,
  utm_campaign   TEXT,
  properties     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(properties))
);
-- The retention job deletes the oldest events in time order.
CREATE INDEX analytics_events_time_idx ON analytics_events (occurred_at);
-- Web vitals by page and metric, then time and value: the exact 75th percentile (ADR 0023).
CREATE INDEX analytics_events_web_vitals_idx ON analytics_events (name, path, json_extract(properties, '$.metric'), occurred_at, json_extract(properties, '$.value'))
  WHERE name = 'web_vital';

-- How many events of `name` happened on `day` (UTC) with `facet` = `value` (ADR 0023). Kept past the
-- raw events' retention: the admin's counts for old days come from here alone.
CREATE TABLE analytics_daily_counts (
  name TEXT NOT NULL,
  facet TEXT NOT NULL,
  day TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n > 0),
  PRIMARY KEY (name, facet, day, value)
) WITHOUT ROWID;

-- What each event counts towards (as migrations/0004's view, with one change): A/B conversions are the
-- server's own `ab_test_signup` events, recorded when a sign-up really happens, not the browser's
-- `ab_test_conversion`, which anyone can post (issue 18); those are kept as raw events only.
CREATE VIEW analytics_event_facets AS
SELECT e.id, iif(f.key = 'visitor_hash', '*', e.name) AS name, substr(e.occurred_at, 1, 10) AS day, f.key AS facet, f.value AS value
FROM analytics_events AS e, json_each(json_object(
  'path', iif(e.name = 'page_view', coalesce(e.path, ''), NULL),
  'referrer_host', iif(e.name = 'page_view', e.referrer_host, NULL),
  'utm_source', iif(e.name IN ('page_view', 'conversion'), coalesce(e.utm_source, ''), NULL),
  'form', iif(e.name IN ('form_start', 'form_submit'), json_extract(e.properties, '$.form'), NULL),
  'form_success', iif(e.name = 'form_submit' AND json_extract(e.properties, '$.success') = 1, json_extract(e.properties, '$.form'), NULL),
  'ab_variant', iif(e.name IN ('ab_test_impression', 'ab_test_signup'), json_array(json_extract(e.properties, '$.test'), json_extract(e.properties, '$.variant')), NULL),
  'page_metric', iif(e.name = 'web_vital' AND json_extract(e.properties, '$.metric') IS NOT NULL AND typeof(json_extract(e.properties, '$.value')) IN ('integer', 'real'),
    json_array(e.path, json_extract(e.properties, '$.metric')), NULL),
  'visitor_hash', iif(e.consent = 'analytics', e.visitor_hash, NULL)
)) AS f
WHERE f.value IS NOT NULL;

-- The counts hold every event with an id up to `up_to_id`. Each ingest batch inserts its events, then
-- counts those above the mark and moves it, in the same transaction (no trigger per row). Ids only grow
-- (AUTOINCREMENT), so an event is counted exactly once, whoever inserted it.
CREATE TABLE analytics_counted (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  up_to_id INTEGER NOT NULL
);
INSERT INTO analytics_counted (id, up_to_id) VALUES (1, 0);

-- Beacons already stored, by the id the site gave them: a queue delivers at least once, so a message
-- that comes again (or a beacon the site wrote directly when the queue failed) is never stored twice.
-- Kept 15 days (longer than a queue keeps a message), then pruned by the jobs Worker's cron.
CREATE TABLE analytics_beacons (
  id TEXT PRIMARY KEY,
  ingested_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX analytics_beacons_time_idx ON analytics_beacons (ingested_at);

-- Messages the consumer gave up on (the dead-letter queue's consumer keeps them here): the admin
-- sees how many, and can replay them once the cause is fixed.
CREATE TABLE analytics_dead_letters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  body TEXT NOT NULL
);
-- A message the dead-letter queue delivers twice is kept once.
CREATE UNIQUE INDEX analytics_dead_letters_message_idx ON analytics_dead_letters (message_id);

-- The move of the events stored in the site's database before this one existed: the highest site
-- event id moved so far (chunks in id order), how many moved, and when the move found nothing left.
CREATE TABLE analytics_move (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_site_id INTEGER NOT NULL,
  moved INTEGER NOT NULL,
  finished_at TEXT
);
INSERT INTO analytics_move (id, last_site_id, moved, finished_at) VALUES (1, 0, 0, NULL);
