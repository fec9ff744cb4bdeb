-- Migration number: 0001 	 initial schema for the whole product
-- Timestamps are ISO-8601 UTC text so they sort and compare as strings.

CREATE TABLE waitlist (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Stored normalised (trimmed, lower-case); the unique index makes duplicates impossible
  -- even under concurrent sign-ups.
  email       TEXT    NOT NULL CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
  first_name  TEXT    CHECK (first_name IS NULL OR length(first_name) <= 100),
  last_name   TEXT    CHECK (last_name IS NULL OR length(last_name) <= 100),
  source      TEXT    NOT NULL DEFAULT 'main_waitlist',
  intent      TEXT    NOT NULL DEFAULT 'waitlist',
  metadata    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX waitlist_email_unique ON waitlist (email);
CREATE INDEX waitlist_created_at_idx ON waitlist (created_at);
CREATE INDEX waitlist_intent_source_idx ON waitlist (intent, source);

CREATE TABLE customer_reviews (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  title            TEXT    NOT NULL CHECK (length(trim(title)) > 0),
  content          TEXT    NOT NULL CHECK (length(trim(content)) > 0),
  author_name      TEXT    NOT NULL CHECK (length(trim(author_name)) > 0),
  author_platform  TEXT    NOT NULL CHECK (author_platform IN ('app_store', 'reddit', 'other')),
  rating           INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
  image_url        TEXT,
  is_active        INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  is_featured      INTEGER NOT NULL DEFAULT 0 CHECK (is_featured IN (0, 1)),
  sort_order       INTEGER NOT NULL DEFAULT 0,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX customer_reviews_order_idx ON customer_reviews (is_active, sort_order, created_at DESC);

CREATE TABLE site_settings (
  key         TEXT PRIMARY KEY,
  value       TEXT NOT NULL,
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE contact_submissions (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT    NOT NULL,
  email       TEXT    NOT NULL,
  subject     TEXT    NOT NULL,
  message     TEXT    NOT NULL,
  is_read     INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
  metadata    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX contact_submissions_created_at_idx ON contact_submissions (created_at);
CREATE INDEX contact_submissions_unread_idx ON contact_submissions (is_read, created_at);

CREATE TABLE admin_users (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  email          TEXT    NOT NULL CHECK (email = lower(trim(email))),
  name           TEXT,
  -- "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>"
  password_hash  TEXT    NOT NULL,
  role           TEXT    NOT NULL DEFAULT 'admin' CHECK (role IN ('owner', 'admin')),
  is_disabled    INTEGER NOT NULL DEFAULT 0 CHECK (is_disabled IN (0, 1)),
  created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_login_at  TEXT
);
CREATE UNIQUE INDEX admin_users_email_unique ON admin_users (email);

CREATE TABLE admin_sessions (
  -- SHA-256 of the session token: a database leak does not yield usable cookies.
  id            TEXT    PRIMARY KEY,
  admin_id      INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_seen_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at    TEXT    NOT NULL,
  user_agent    TEXT
);
CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id);
CREATE INDEX admin_sessions_expires_idx ON admin_sessions (expires_at);

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
CREATE INDEX analytics_events_name_time_idx ON analytics_events (name, occurred_at);
CREATE INDEX analytics_events_time_idx ON analytics_events (occurred_at);

-- Fixed-window counters for per-client rate limits; keys hold a keyed hash, never an IP.
CREATE TABLE rate_limits (
  bucket        TEXT    PRIMARY KEY,
  window_start  INTEGER NOT NULL,
  hits          INTEGER NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
