-- Migration number: 0006 	 outreach: beta invitations in batches, announcements per segment, delivery health
-- from the provider's webhook (issue 17, ADR 0036).

-- One row per invitation batch or announcement the owner sends. Its messages are ordinary outbox rows
-- (email_outbox.campaign_id), delivered by the same paced sender; this row keeps what they are rendered
-- from (never edited after creation, so a resend renders the same bytes) and who they go to.
CREATE TABLE email_campaigns (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  kind             TEXT    NOT NULL CHECK (kind IN ('invitation', 'announcement')),
  -- The id the admin's form carried (one per form shown): a double click, a reload or a retried request
  -- posts the same key and finds this row (and resumes it) instead of creating a second campaign.
  request_key      TEXT    NOT NULL CHECK (length(request_key) BETWEEN 8 AND 64),
  -- Who it goes to: {"segment": "android"}, {"next": 25} (the next testers in line) or {"ids": [...]}.
  audience         TEXT    NOT NULL CHECK (json_valid(audience)),
  -- How many people the audience counted when the owner sent it (what the page showed).
  audience_size    INTEGER NOT NULL CHECK (audience_size >= 0),
  -- Announcements: the subject and the Markdown body. Invitations: the TestFlight link at the time.
  subject          TEXT    CHECK (subject IS NULL OR length(subject) BETWEEN 1 AND 200),
  body_markdown    TEXT    CHECK (body_markdown IS NULL OR length(body_markdown) BETWEEN 1 AND 20000),
  testflight_url   TEXT    CHECK (testflight_url IS NULL OR length(testflight_url) <= 200),
  -- Queueing happens in chunks (the outbox rows are written a few hundred at a time): the last waitlist
  -- key written (line_seq for the next testers in line, else the entry id), the rows written so far,
  -- and when the last chunk was written. A campaign with queued_at NULL is resumed where it stopped.
  cursor           INTEGER NOT NULL DEFAULT 0,
  queued_count     INTEGER NOT NULL DEFAULT 0 CHECK (queued_count >= 0),
  queued_at        TEXT,
  admin_id         INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  admin_email      TEXT    NOT NULL,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- The delivery counts of its outbox rows that the 90-day clean-up purged, so the record outlives them.
  purged_counts    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(purged_counts))
);
CREATE UNIQUE INDEX email_campaigns_request_key_unique ON email_campaigns (request_key);
CREATE INDEX email_campaigns_kind_idx ON email_campaigns (kind, created_at);

-- Which campaign a message belongs to (NULL for the sign-up path's messages).
ALTER TABLE email_outbox ADD COLUMN campaign_id INTEGER REFERENCES email_campaigns (id) ON DELETE SET NULL;
-- What the provider reported after accepting the message (its webhook): delivered, bounced or
-- complained; a later report only ever replaces a weaker one (complained > bounced > delivered).
ALTER TABLE email_outbox ADD COLUMN delivery_event TEXT CHECK (delivery_event IS NULL OR delivery_event IN ('delivered', 'bounced', 'complained'));
ALTER TABLE email_outbox ADD COLUMN delivery_event_at TEXT;
-- A campaign's counts by status and delivery event, read from the index alone.
CREATE INDEX email_outbox_campaign_idx ON email_outbox (campaign_id, status, delivery_event) WHERE campaign_id IS NOT NULL;
-- The dashboard's bounces and complaints of the last 24 hours.
CREATE INDEX email_outbox_delivery_problem_idx ON email_outbox (delivery_event, delivery_event_at) WHERE delivery_event IN ('bounced', 'complained');
-- The webhook names a message by the provider's id.
CREATE INDEX email_outbox_provider_id_idx ON email_outbox (provider_id) WHERE provider_id IS NOT NULL;
-- One beta invitation per person, ever, whatever batch asks: a second batch, a double click or two
-- admins at once find the row there and write nothing. A cancelled one (the person had left by the time
-- it was due) does not count, so they can be invited after rejoining.
CREATE UNIQUE INDEX email_outbox_one_invitation_unique ON email_outbox (waitlist_id) WHERE kind = 'invitation' AND status <> 'cancelled';

-- When the person's beta invitation went out (accepted by the provider); their status page then says
-- they are invited and shows the TestFlight link. Set by the trigger below, whoever records the send.
ALTER TABLE waitlist ADD COLUMN invited_at TEXT;
CREATE TRIGGER email_outbox_invitation_sent AFTER UPDATE OF status ON email_outbox
WHEN new.status = 'sent' AND old.status <> 'sent' AND new.kind = 'invitation' AND new.waitlist_id IS NOT NULL
BEGIN
  UPDATE waitlist SET invited_at = coalesce(invited_at, new.sent_at) WHERE id = new.waitlist_id;
END;

-- The provider's webhook calls already handled, by their svix-id: the same call again (a replay) is
-- refused and changes nothing. Kept 7 days (calls older than 5 minutes are refused by their timestamp).
CREATE TABLE email_webhook_calls (
  svix_id      TEXT PRIMARY KEY CHECK (length(svix_id) BETWEEN 1 AND 100),
  event_type   TEXT NOT NULL,
  received_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE INDEX email_webhook_calls_received_at_idx ON email_webhook_calls (received_at);
