-- Migration number: 0014 	 the funnel on the analytics page: the A/B variants a beta sign-up was shown, and its index (issue 31, ADR 0055).
-- ab_variants (0010) is a pending conversion: the confirmation counts it and clears it. The funnel on
-- the analytics page splits sign-ups, confirmations, referrals and invitations by variant for any
-- range, long after that, so the sign-up writes the same {"test": "variant", …} here too, and nothing
-- clears it. Only variant ids, never the visitor key or the cookie; NULL when no test ran.
ALTER TABLE waitlist ADD COLUMN signup_variants TEXT CHECK (signup_variants IS NULL OR json_valid(signup_variants));

-- The funnel reads one list's sign-ups of a date range (intent = 'beta_testing', created_at in it), for
-- the range and the period before: this index seeks to exactly those rows, whatever the list's size.
CREATE INDEX waitlist_intent_created_at_idx ON waitlist (intent, created_at);
