/**
 * The suppression list: addresses never to be mailed again (unsubscribed, complained, bounced), kept
 * as a keyed hash (HMAC-SHA256 under SUPPRESSION_HASH_SECRET) of the normalised address, so the list
 * itself holds no address. The sender checks it before every message; a new sign-up that is confirmed
 * is new consent and lifts it.
 */
import { keyedHash } from "~/lib/client-id.server";

export type SuppressionReason = "unsubscribed" | "complained" | "bounced" | "manual";

/** The waitlist's own rule (stored trimmed and lower-case). */
export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** The keyed hash stored for an address (128 bits, hex). */
export function suppressionHash(secret: string, address: string): Promise<string> {
  return keyedHash(secret, `suppression:${normaliseAddress(address)}`);
}

/** Adds the address (idempotent; the first reason stays). Returns the statement, to batch with the change that caused it. */
export async function suppress(db: D1Database, secret: string, address: string, reason: SuppressionReason): Promise<D1PreparedStatement> {
  return db
    .prepare("INSERT INTO email_suppressions (email_hash, reason) VALUES (?1, ?2) ON CONFLICT (email_hash) DO NOTHING")
    .bind(await suppressionHash(secret, address), reason);
}

/** New confirmed consent: removes the address from the list. Returns the statement, to batch with the confirmation. */
export async function liftSuppression(db: D1Database, secret: string, address: string): Promise<D1PreparedStatement> {
  return db.prepare("DELETE FROM email_suppressions WHERE email_hash = ?1").bind(await suppressionHash(secret, address));
}

export async function isSuppressed(db: D1Database, secret: string, address: string): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS hit FROM email_suppressions WHERE email_hash = ?1").bind(await suppressionHash(secret, address)).first();
  return row !== null;
}

/** Which of `addresses` are suppressed, in one query. */
export async function suppressedAmong(db: D1Database, secret: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const hashes = new Map<string, string>();
  for (const address of new Set(addresses.map(normaliseAddress))) hashes.set(await suppressionHash(secret, address), address);
  const { results } = await db
    .prepare("SELECT email_hash FROM email_suppressions WHERE email_hash IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify([...hashes.keys()]))
    .all<{ email_hash: string }>();
  return new Set(results.map((row) => hashes.get(row.email_hash)!));
}
