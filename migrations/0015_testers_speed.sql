-- Migration number: 0015 	 indexes for the owner's beta testers table and person page at 50,000 entries (issue 31, ADR 0056).
-- Without table statistics (D1 runs no ANALYZE) the planner prefers waitlist_status_idx; the line's
-- statements name waitlist_line_order_idx with INDEXED BY (place-in-line.server.ts).

-- The one order of the line (lineOrderTerms: priority highest first, then line_seq - referral_count ×
-- boost, then line_seq) over the people in line, at the default boost of 5. A place-sorted page is read
-- in order and a place is counted over index ranges, with no sort of the line. With another boost the
-- same statements read this index and sort: the same order, slower.
CREATE INDEX waitlist_line_order_idx ON waitlist (-priority, line_seq - referral_count * 5, line_seq)
  WHERE status = 'confirmed' AND intent = 'beta_testing' AND line_seq IS NOT NULL;

-- The "UTM source" filter and its options (a walk over distinct values), without reading the JSON of every row.
CREATE INDEX waitlist_utm_source_idx ON waitlist (json_extract(metadata, '$.utm_source'));

-- The "Source" filter's options, the same way.
CREATE INDEX waitlist_source_idx ON waitlist (source);

-- The invitation panel's counts: who can be invited, and who was.
CREATE INDEX waitlist_invitable_idx ON waitlist (id)
  WHERE status = 'confirmed' AND intent = 'beta_testing' AND line_seq IS NOT NULL AND wants_invitations = 1 AND invited_at IS NULL;
CREATE INDEX waitlist_invited_idx ON waitlist (status) WHERE invited_at IS NOT NULL;
