/**
 * A referral counts once per person, ever (ADR 0045). The ledger (referral_credits, migrations/0008)
 * holds a keyed hash of each inbox whose confirmation credited a referrer: the inbox (lib/inbox.ts), so
 * a plus tag or a Gmail dot is the same person; a hash under SUPPRESSION_HASH_SECRET, the secret of the
 * suppression list, which keeps addresses past deletion for the same kind of reason; never the address.
 * A confirmation credits its referrer only if it adds the inbox's row, so joining again after "Delete my
 * data", or under another spelling of the same inbox, credits no one.
 */
import { keyedHash } from "~/lib/client-id.server";
import { inboxKey } from "~/lib/inbox";

/** The ledger's key for an address (128 bits, hex), apart from the suppression list's by its prefix. */
export function referralInboxHash(secret: string, address: string): Promise<string> {
  return keyedHash(secret, `referral:${inboxKey(address)}`);
}

/**
 * The statements that credit the referrer of entry `id` for its confirmation at `at`, to run in the
 * confirmation's batch after the UPDATE that set confirmed_at = `at` (they act only if it did). In
 * order: the ledger row (nothing if the inbox already has one), the referrer's count (only if that row
 * is this entry's), and the entry's referral_credited_at (the same condition).
 */
export async function referralCreditStatements(db: D1Database, secret: string, entry: { id: number; email: string }, at: string): Promise<D1PreparedStatement[]> {
  const hash = await referralInboxHash(secret, entry.email);
  /** Confirmed by this batch, referred by someone else, and not credited before. */
  const creditable = "w.id = ?1 AND w.confirmed_at = ?2 AND w.referral_credited_at IS NULL AND w.referred_by <> w.id";
  const earned = "EXISTS (SELECT 1 FROM referral_credits WHERE inbox_hash = ?3 AND waitlist_id = ?1)";
  return [
    db
      .prepare(`INSERT INTO referral_credits (inbox_hash, waitlist_id) SELECT ?3, w.id FROM waitlist AS w WHERE ${creditable} ON CONFLICT (inbox_hash) DO NOTHING`)
      .bind(entry.id, at, hash),
    db
      .prepare(`UPDATE waitlist SET referral_count = referral_count + 1 WHERE id = (SELECT w.referred_by FROM waitlist AS w WHERE ${creditable} AND ${earned})`)
      .bind(entry.id, at, hash),
    db.prepare(`UPDATE waitlist AS w SET referral_credited_at = ?2 WHERE ${creditable} AND ${earned}`).bind(entry.id, at, hash),
  ];
}

/**
 * Before an entry is deleted: its inbox stays in the ledger if its confirmation credited a referrer
 * (entries credited before the ledger existed have no row yet; later ones keep theirs, without the id).
 */
export async function keepReferralCredit(db: D1Database, secret: string, entry: { id: number; email: string }): Promise<D1PreparedStatement> {
  return db
    .prepare("INSERT INTO referral_credits (inbox_hash) SELECT ?2 FROM waitlist WHERE id = ?1 AND referral_credited_at IS NOT NULL ON CONFLICT (inbox_hash) DO NOTHING")
    .bind(entry.id, await referralInboxHash(secret, entry.email));
}
