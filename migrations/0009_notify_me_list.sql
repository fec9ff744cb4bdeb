-- Migration number: 0009 	 notify-me is its own list (issue 30, ADR 0048).
--
-- A place in the beta line is for beta sign-ups only (intent 'beta_testing'). A notify-me request
-- (intent 'waitlist': "tell me when the Android app ships") asks for its platform and nothing else, so
-- it has no line_seq: it is never in the line, its total, the "invite the next N" audience, or the
-- beta testers segment.

-- A confirmed person who is not in the beta yet and asked to join it: when, until they confirm it by
-- email (its proof of consent waits in pending_consent_*, migrations/0007). NULL otherwise.
ALTER TABLE waitlist ADD COLUMN beta_join_requested_at TEXT;

-- Existing notify-only entries leave the line. Their preferences (platforms, news and updates) stay as
-- they are; the places of everyone behind them move up, since a place counts only beta testers ahead.
UPDATE waitlist SET line_seq = NULL WHERE intent <> 'beta_testing' AND line_seq IS NOT NULL;
