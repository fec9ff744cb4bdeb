-- Migration number: 0007 	 sign-ups that fit people and stop abusers (issue 30, ADR 0044).

-- A new consent asked for by an unconfirmed sign-up (an unsubscribed person coming back) waits here;
-- the proof of consent (consent_*) changes only when a confirmation arrives.
ALTER TABLE waitlist ADD COLUMN pending_consent_at TEXT;
ALTER TABLE waitlist ADD COLUMN pending_consent_form TEXT;
ALTER TABLE waitlist ADD COLUMN pending_consent_page TEXT CHECK (pending_consent_page IS NULL OR length(pending_consent_page) <= 512);
ALTER TABLE waitlist ADD COLUMN pending_consent_wording TEXT;

-- An unsubscribed address may ask to come back once by an anonymous sign-up: when it did.
ALTER TABLE email_suppressions ADD COLUMN comeback_requested_at TEXT;
