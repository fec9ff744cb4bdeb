-- Migration number: 0016 	 the language each person signed up in, and the language each queued message renders in (issue 32, ADR 0058).
-- No CHECK list: the app validates with isLang (app/lib/i18n/languages.ts), so adding a language needs no migration.
-- Every entry before this migration signed up on the English site.
ALTER TABLE waitlist ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- The language a message is rendered in, copied from its entry when it is queued (or chosen for a test
-- copy), so the same row always renders to the same bytes. NULL (rows queued before this migration): English.
ALTER TABLE email_outbox ADD COLUMN language TEXT;

-- The testers table's "Language" filter.
CREATE INDEX waitlist_language_idx ON waitlist (language);
