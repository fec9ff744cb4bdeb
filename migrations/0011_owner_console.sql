-- Migration number: 0011 	 the owner's console for the beta list: a priority the line honours, and notes (issue 31, ADR 0052).

-- The owner's priority for an entry: higher goes first in the line, before the referral-boosted
-- confirmation order (place-in-line.server.ts, lineOrderSql). 0 for everyone unless the owner moves
-- someone to the front or sets one; the status pages, "Invite the next N" and the admin's table all
-- read the line through that one order.
ALTER TABLE waitlist ADD COLUMN priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 1000000);

-- The owner's notes about a person (who asked what, why they were moved up). Deleted with the entry.
CREATE TABLE waitlist_notes (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  waitlist_id  INTEGER NOT NULL REFERENCES waitlist (id) ON DELETE CASCADE,
  admin_id     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  admin_email  TEXT    NOT NULL,
  body         TEXT    NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX waitlist_notes_waitlist_idx ON waitlist_notes (waitlist_id, created_at);
