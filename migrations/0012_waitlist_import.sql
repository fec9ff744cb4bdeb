-- Migration number: 0012 	 importing people from a CSV file (issue 31, ADR 0053).
--
-- An upload is read once and kept here until the admin confirms it on its preview page (which never
-- needs the file again), then its rows are deleted: only its counts stay, until it expires. Nothing is
-- kept past expires_at (the cron deletes it).
CREATE TABLE waitlist_imports (
  id          TEXT    PRIMARY KEY CHECK (length(id) BETWEEN 16 AND 64),
  admin_id    INTEGER REFERENCES admin_users (id) ON DELETE CASCADE,
  file_name   TEXT    NOT NULL CHECK (length(file_name) <= 200),
  -- ready: previewed, not imported; importing: an import holds it until claimed_until; imported.
  status      TEXT    NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'importing', 'imported')),
  claimed_until TEXT,
  -- {"add": n, "confirmed": n, "pending": n, "duplicate": n, "suppressed": n, "invalid": n, "ignored_columns": [...]}
  counts      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(counts)),
  -- The import's own counts, once it ran (the list may have changed since the preview).
  result      TEXT    CHECK (result IS NULL OR json_valid(result)),
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at  TEXT    NOT NULL,
  imported_at TEXT
);
CREATE INDEX waitlist_imports_expires_at_idx ON waitlist_imports (expires_at);

-- One row of an uploaded file: its outcome and why, and the person to add (JSON) when it is added.
CREATE TABLE waitlist_import_rows (
  import_id  TEXT    NOT NULL REFERENCES waitlist_imports (id) ON DELETE CASCADE,
  line       INTEGER NOT NULL,
  outcome    TEXT    NOT NULL CHECK (outcome IN ('add', 'duplicate', 'suppressed', 'invalid')),
  reason     TEXT    NOT NULL,
  email      TEXT    NOT NULL,
  name       TEXT    NOT NULL,
  person     TEXT    CHECK (person IS NULL OR json_valid(person)),
  PRIMARY KEY (import_id, line)
) WITHOUT ROWID;
CREATE INDEX waitlist_import_rows_outcome_idx ON waitlist_import_rows (import_id, outcome, line);

-- When an entry was imported (NULL for sign-ups). A pending import's 30 days to confirm count from
-- here, the day it was asked, not from the signed-up date its file gave (jobs.server.ts).
ALTER TABLE waitlist ADD COLUMN imported_at TEXT;
