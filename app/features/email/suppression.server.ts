/**
 * The suppression list: addresses never to be mailed again (unsubscribed, complained, bounced), kept
 * as a keyed hash (HMAC-SHA256 under SUPPRESSION_HASH_SECRET) of the address's inbox (lib/inbox.ts), so
 * the list itself holds no address and no other spelling of a listed inbox gets through. The sender
 * checks it before every message; a confirmation is new consent and lifts it.
 *
 * An anonymous sign-up never reaches a bounced or complained address, and reaches an unsubscribed one
 * once: its one request to come back (consentRequestGate).
 */
import { keyedHash } from "~/lib/client-id.server";
import { inboxKey } from "~/lib/inbox";

export type SuppressionReason = "unsubscribed" | "complained" | "bounced" | "manual";

/** The waitlist's own rule (stored trimmed and lower-case). */
export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** The keyed hash stored for an address (128 bits, hex). */
export function suppressionHash(secret: string, address: string): Promise<string> {
  return keyedHash(secret, `suppression:${inboxKey(address)}`);
}

/** Every hash an address may be listed under: its inbox's, and its own spelling's (rows from before inbox keys). */
async function listedHashes(secret: string, address: string): Promise<string[]> {
  const byInbox = await suppressionHash(secret, address);
  const bySpelling = await keyedHash(secret, `suppression:${normaliseAddress(address)}`);
  return byInbox === bySpelling ? [byInbox] : [byInbox, bySpelling];
}

/** Adds the address (idempotent; the first reason stays). Returns the statement, to batch with the change that caused it. */
export async function suppress(db: D1Database, secret: string, address: string, reason: SuppressionReason): Promise<D1PreparedStatement> {
  return db
    .prepare("INSERT INTO email_suppressions (email_hash, reason) VALUES (?1, ?2) ON CONFLICT (email_hash) DO NOTHING")
    .bind(await suppressionHash(secret, address), reason);
}

/** New confirmed consent: removes the address from the list. Returns the statement, to batch with the confirmation. */
export async function liftSuppression(db: D1Database, secret: string, address: string): Promise<D1PreparedStatement> {
  return db.prepare("DELETE FROM email_suppressions WHERE email_hash IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(await listedHashes(secret, address)));
}

export async function isSuppressed(db: D1Database, secret: string, address: string): Promise<boolean> {
  return (await suppressedAmong(db, secret, [address])).size > 0;
}

/** Which of `addresses` (normalised) are suppressed, and why, in one query. */
export async function suppressedAmong(db: D1Database, secret: string, addresses: string[]): Promise<Map<string, SuppressionReason>> {
  if (addresses.length === 0) return new Map();
  const hashes = new Map<string, string>();
  for (const address of new Set(addresses.map(normaliseAddress))) for (const hash of await listedHashes(secret, address)) hashes.set(hash, address);
  const { results } = await db
    .prepare("SELECT email_hash, reason FROM email_suppressions WHERE email_hash IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify([...hashes.keys()]))
    .all<{ email_hash: string; reason: SuppressionReason }>();
  return new Map(results.map((row) => [hashes.get(row.email_hash)!, row.reason]));
}

/**
 * What lets an anonymous sign-up queue a consent request (a confirmation) to `address`: a SQL condition
 * for the outbox insert (the address is not listed, or listed as unsubscribed and has not yet asked to
 * come back), with its one parameter, and the statement that records the come-back request once the
 * message with `idempotencyKey` was queued. Batch the statement after the insert. Without a secret
 * there is no list to check.
 */
export async function consentRequestGate(
  db: D1Database,
  secret: string | undefined,
  address: string,
  { idempotencyKey, now }: { idempotencyKey: string; now: number },
): Promise<{ condition: (param: string) => string; params: unknown[]; recordComeback: D1PreparedStatement[] }> {
  if (!secret) return { condition: () => "1", params: [], recordComeback: [] };
  const hashes = JSON.stringify(await listedHashes(secret, address));
  return {
    condition: (param) =>
      `NOT EXISTS (SELECT 1 FROM email_suppressions WHERE email_hash IN (SELECT value FROM json_each(${param}))
                     AND (reason <> 'unsubscribed' OR comeback_requested_at IS NOT NULL))`,
    params: [hashes],
    recordComeback: [
      db
        .prepare(
          `UPDATE email_suppressions SET comeback_requested_at = ?1
            WHERE email_hash IN (SELECT value FROM json_each(?2)) AND comeback_requested_at IS NULL
              AND EXISTS (SELECT 1 FROM email_outbox WHERE idempotency_key = ?3)`,
        )
        .bind(new Date(now).toISOString(), hashes, idempotencyKey),
    ],
  };
}
