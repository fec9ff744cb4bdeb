-- Migration number: 0002 	 audit log of admin mutations (who, what, when)
-- admin_email is copied in so the log still names the actor after an account changes or goes away.

CREATE TABLE admin_audit_log (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  admin_id     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  admin_email  TEXT    NOT NULL,
  action       TEXT    NOT NULL,
  target       TEXT,
  details      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX admin_audit_log_created_at_idx ON admin_audit_log (created_at);
