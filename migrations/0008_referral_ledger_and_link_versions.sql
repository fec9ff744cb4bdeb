-- Migration number: 0008 	 referrals count once per person, ever; status links can be revoked (issue 30, ADR 0045).

-- The referral ledger: one row per person whose confirmation ever credited a referrer, keyed by a
-- keyed hash (HMAC-SHA256 under SUPPRESSION_HASH_SECRET) of their normalised inbox (lib/inbox.ts), never
-- the address. A confirmation credits its referrer only if it adds the row, so another spelling of the
-- same inbox, or the same person deleting their data and joining again, credits no one. waitlist_id
-- names the entry that earned the credit while it exists; deleting the entry leaves only the hash.
CREATE TABLE referral_credits (
  inbox_hash   TEXT    PRIMARY KEY CHECK (length(inbox_hash) = 32),
  waitlist_id  INTEGER REFERENCES waitlist (id) ON DELETE SET NULL
);
CREATE INDEX referral_credits_waitlist_idx ON referral_credits (waitlist_id);

-- The version of the entry's links to its status page (and of its confirmation links, which lead
-- there): written into every such link; "Sign out old links" adds one, so every earlier link stops
-- working. Unsubscribe links carry no version: leaving must always work.
ALTER TABLE waitlist ADD COLUMN link_version INTEGER NOT NULL DEFAULT 0 CHECK (link_version >= 0);
