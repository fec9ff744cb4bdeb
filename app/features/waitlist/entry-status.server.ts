/**
 * What a person can change from their status page (ADR 0031): their email preferences, and "Delete
 * my data". Both act on a confirmed or unsubscribed entry named by a valid status link.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { suppress } from "~/features/email/suppression.server";
import type { WaitlistEntryRecord } from "./entry-access.server";
import { PREFERENCE_FIELDS, type EntryPreferences } from "./entry-views";
import { keepReferralCredit } from "./referral-credit.server";

/** The preferences a form sent: a checkbox present means yes, absent means no. */
export function preferencesFrom(fields: Record<string, string>): EntryPreferences {
  return Object.fromEntries(PREFERENCE_FIELDS.map(({ field, key }) => [key, Object.hasOwn(fields, field)])) as unknown as EntryPreferences;
}

/** Saves the preferences of a confirmed entry (an unsubscribed one gets no mail to choose from). Returns whether it was saved. */
export async function savePreferences(db: D1Database, entryId: number, preferences: EntryPreferences): Promise<boolean> {
  const columns = PREFERENCE_FIELDS.map(({ field }, index) => `${field} = ?${index + 2}`).join(", ");
  const result = await db
    .prepare(`UPDATE waitlist SET ${columns} WHERE id = ?1 AND status = 'confirmed'`)
    .bind(entryId, ...PREFERENCE_FIELDS.map(({ key }) => (preferences[key] ? 1 : 0)))
    .run();
  return result.meta.changes > 0;
}

/**
 * "Delete my data": the entry goes, and with it its outbox rows (ON DELETE CASCADE) and thereby every
 * link ever sent to it (tokens name the entry's id, and ids are never reused). Others it referred keep
 * their entries (referred_by becomes NULL); its referrer keeps the credit, and the referral ledger keeps
 * the inbox's keyed hash, so joining again credits no one (ADR 0045). The address's keyed hash joins
 * the suppression list in the same batch: leaving this way means no more mail too, and a later sign-up
 * that is confirmed lifts it like any new consent.
 */
export async function deleteEntry(context: AppLoadContext, entry: WaitlistEntryRecord): Promise<void> {
  const db = context.cloudflare.env.DB;
  const secret = context.env.SUPPRESSION_HASH_SECRET;
  const statements: D1PreparedStatement[] = secret ? [await keepReferralCredit(db, secret, entry)] : [];
  statements.push(db.prepare("DELETE FROM waitlist WHERE id = ?1").bind(entry.id));
  if (secret) statements.push(await suppress(db, secret, entry.email, "unsubscribed"));
  await db.batch(statements);
}
