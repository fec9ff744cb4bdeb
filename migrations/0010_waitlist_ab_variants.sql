-- Migration number: 0010 	 the A/B variants a pending sign-up saw, until it is confirmed (ADR 0047)
-- With double opt-in, a sign-up is an A/B conversion only once its address is confirmed, which may be
-- days later and from another device, so the variants the person saw on the site are kept with the
-- entry at sign-up: {"test": "variant", …} for the tests that were running, nothing else. The
-- confirmation records the conversion and clears the column in the same batch; an entry that never
-- confirms keeps it only as long as the entry itself. NULL when nothing is waiting to be counted.
ALTER TABLE waitlist ADD COLUMN ab_variants TEXT CHECK (ab_variants IS NULL OR json_valid(ab_variants));
