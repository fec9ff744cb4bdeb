-- Migration number: 0005 	 email: double opt-in, proof of consent, place in line, referrals, preferences,
-- the outbox every message goes through, the suppression list, and the development mailbox (ADR 0031).

-- A waitlist entry is 'pending' until its address is confirmed (double opt-in), then 'confirmed';
-- 'unsubscribed' entries stay on record (their place and referrals) but are never mailed again.
-- Entries from before double opt-in, and entries made while email is off, are 'confirmed' with a NULL
-- confirmed_at: consent was given by the form alone (single opt-in), and nothing was verified.
ALTER TABLE waitlist ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'unsubscribed'));
ALTER TABLE waitlist ADD COLUMN confirmed_at TEXT;
-- Proof of consent: when it was given, from which form (source) and page (path), and which version of the
-- consent wording the form showed.
ALTER TABLE waitlist ADD COLUMN consent_at TEXT;
ALTER TABLE waitlist ADD COLUMN consent_form TEXT;
ALTER TABLE waitlist ADD COLUMN consent_page TEXT CHECK (consent_page IS NULL OR length(consent_page) <= 512);
ALTER TABLE waitlist ADD COLUMN consent_wording TEXT;
-- The place in line: line_seq is the order of confirmation (1, 2, 3, ...), assigned when an entry is
-- confirmed. Each confirmed referral moves an entry ahead by the admin's referral boost (site setting
-- referral_boost_places, default 5) places of that order; ties keep confirmation order.
ALTER TABLE waitlist ADD COLUMN line_seq INTEGER;
ALTER TABLE waitlist ADD COLUMN referral_code TEXT CHECK (referral_code IS NULL OR length(referral_code) BETWEEN 6 AND 32);
ALTER TABLE waitlist ADD COLUMN referred_by INTEGER REFERENCES waitlist (id) ON DELETE SET NULL;
-- Set when this entry's first confirmation credited its referrer: a referral counts once, ever.
ALTER TABLE waitlist ADD COLUMN referral_credited_at TEXT;
ALTER TABLE waitlist ADD COLUMN referral_count INTEGER NOT NULL DEFAULT 0 CHECK (referral_count >= 0);
-- Email preferences: news and updates, beta invitations, and each coming platform (the notify-me intents).
ALTER TABLE waitlist ADD COLUMN wants_updates INTEGER NOT NULL DEFAULT 1 CHECK (wants_updates IN (0, 1));
ALTER TABLE waitlist ADD COLUMN wants_invitations INTEGER NOT NULL DEFAULT 1 CHECK (wants_invitations IN (0, 1));
ALTER TABLE waitlist ADD COLUMN wants_android INTEGER NOT NULL DEFAULT 0 CHECK (wants_android IN (0, 1));
ALTER TABLE waitlist ADD COLUMN wants_macos INTEGER NOT NULL DEFAULT 0 CHECK (wants_macos IN (0, 1));
ALTER TABLE waitlist ADD COLUMN wants_chrome_extension INTEGER NOT NULL DEFAULT 0 CHECK (wants_chrome_extension IN (0, 1));
ALTER TABLE waitlist ADD COLUMN unsubscribed_at TEXT;
-- The last confirmation message queued for this entry (a new one at most every 10 minutes).
ALTER TABLE waitlist ADD COLUMN confirmation_sent_at TEXT;

-- Entries from before this migration: single opt-in, in line in the order they joined, with preferences
-- read from what they asked for (the notify-me platform; beta invitations for the beta program).
UPDATE waitlist SET
  consent_at = created_at,
  consent_form = source,
  consent_wording = 'single-opt-in',
  referral_code = lower(hex(randomblob(6))),
  wants_invitations = CASE WHEN intent = 'beta_testing' THEN 1 ELSE 0 END,
  wants_android = CASE WHEN json_extract(metadata, '$.platform') IN ('android', 'all_platforms') THEN 1 ELSE 0 END,
  wants_macos = CASE WHEN json_extract(metadata, '$.platform') IN ('macos', 'all_platforms') THEN 1 ELSE 0 END,
  wants_chrome_extension = CASE WHEN json_extract(metadata, '$.platform') IN ('chrome_extension', 'all_platforms') THEN 1 ELSE 0 END;
UPDATE waitlist SET line_seq = ranked.seq
FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM waitlist) AS ranked
WHERE waitlist.id = ranked.id;

CREATE UNIQUE INDEX waitlist_referral_code_unique ON waitlist (referral_code);
CREATE UNIQUE INDEX waitlist_line_seq_unique ON waitlist (line_seq);
CREATE INDEX waitlist_status_idx ON waitlist (status, created_at);
CREATE INDEX waitlist_referred_by_idx ON waitlist (referred_by);

-- Every message is first a row here, written in the same D1 batch as the change that caused it; the
-- companion Worker delivers it (paced, retried with growing delays) and marks it sent or failed.
-- idempotency_key is unique: the same message can never be queued twice, and it is sent to the provider
-- as the Idempotency-Key so that a retried request is never delivered twice either.
CREATE TABLE email_outbox (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key  TEXT    NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 256),
  kind             TEXT    NOT NULL,
  recipient        TEXT    NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  waitlist_id      INTEGER REFERENCES waitlist (id) ON DELETE CASCADE,
  -- What the message is rendered from when it is sent (never the rendered message itself).
  payload          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
  status           TEXT    NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'cancelled')),
  attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- The sender that holds the row while it is being sent, and until when (a crashed sender's claim lapses).
  claim_id         TEXT,
  claimed_until    TEXT,
  -- The provider request (batch) this row went out in, kept while that request's outcome is unknown (a
  -- timeout, a 5xx, a crash): the row is sent again only in the same batch under the same
  -- Idempotency-Key, so the provider delivers it at most once. NULL when the row may join any batch.
  batch_key        TEXT    CHECK (batch_key IS NULL OR length(batch_key) BETWEEN 1 AND 256),
  last_error       TEXT    CHECK (last_error IS NULL OR length(last_error) <= 500),
  provider_id      TEXT,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at          TEXT
);
CREATE UNIQUE INDEX email_outbox_idempotency_key_unique ON email_outbox (idempotency_key);
CREATE INDEX email_outbox_due_idx ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_waitlist_idx ON email_outbox (waitlist_id);
CREATE INDEX email_outbox_created_at_idx ON email_outbox (created_at);
CREATE INDEX email_outbox_batch_key_idx ON email_outbox (batch_key) WHERE batch_key IS NOT NULL;

-- The pace of requests to the provider, shared by every sender (ADR 0031): one row whose next_slot_ms is
-- the earliest time (ms since the epoch) the next request may start. A sender reserves a slot with one
-- atomic upsert that moves it on by 1/EMAIL_SEND_RATE_PER_SECOND seconds, then waits for its slot.
CREATE TABLE email_send_pacing (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  next_slot_ms  INTEGER NOT NULL
);

-- Addresses that must never be mailed again (unsubscribed, complained, bounced), as a keyed hash
-- (HMAC-SHA256 under SUPPRESSION_HASH_SECRET) of the normalised address: no import or resend mails them.
-- A new sign-up that is confirmed is new consent and lifts the suppression.
CREATE TABLE email_suppressions (
  email_hash  TEXT PRIMARY KEY,
  reason      TEXT NOT NULL CHECK (reason IN ('unsubscribed', 'complained', 'bounced', 'manual')),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- Development only: with no email provider configured locally, messages are delivered here, and the
-- admin's development mailbox (/admin/dev-mailbox) shows them. Never written in production.
CREATE TABLE dev_mailbox (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id  TEXT    NOT NULL,
  recipient   TEXT    NOT NULL,
  sender      TEXT    NOT NULL,
  subject     TEXT    NOT NULL,
  html        TEXT    NOT NULL,
  text        TEXT    NOT NULL,
  headers     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(headers)),
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX dev_mailbox_created_at_idx ON dev_mailbox (created_at);
-- The local mailbox honours the Idempotency-Key as the provider does: a message id is delivered once.
CREATE UNIQUE INDEX dev_mailbox_message_id_unique ON dev_mailbox (message_id);
