/**
 * The outbox (D1 email_outbox, ADR 0031): every message is a row before it is a request. A caller
 * queues a message with outboxInsert in the same db.batch as the change that caused it, so the two
 * land together or not at all; senders claim due rows atomically, hold them for a lease, and mark
 * each one sent, queued again for later, failed or cancelled. last_error never holds an address.
 */
import type { Lang } from "~/lib/i18n/languages";
import { shortDetail } from "./redact";
import type { EmailKindName } from "./templates/kinds.server";

export interface OutboxMessage {
  /** Unique per message: the same key is never queued twice (ON CONFLICT DO NOTHING). */
  idempotencyKey: string;
  kind: EmailKindName;
  recipient: string;
  /** The entry the message is about: its id, or its address when the entry is written in the same batch. */
  waitlist?: { id: number } | { email: string };
  /** What the message is rendered from (small JSON; never the rendered message). */
  payload?: Record<string, unknown>;
  /** Not before this time (ms since the epoch); default now. */
  notBefore?: number;
  /** The invitation batch or announcement it belongs to (counted there). */
  campaignId?: number;
  /**
   * Queue the message only if this SQL condition holds when the statement runs (inside the batch), e.g.
   * "the entry's last confirmation is older than 10 minutes". Its parameters are numbered from ?7.
   */
  onlyIf?: { sql: string; params: unknown[] };
  /**
   * The language to render in. Default: the entry's (waitlist.language) as it is when the row is
   * queued, copied onto the row so it always renders the same (ADR 0058); a row with no entry, English.
   */
  language?: Lang;
}

export interface OutboxRow {
  id: number;
  idempotencyKey: string;
  kind: string;
  recipient: string;
  waitlistId: number | null;
  payload: Record<string, unknown>;
  /** Including the attempt the current claim is making. */
  attempts: number;
  batchKey: string | null;
  /** ms since the epoch; links in the message are issued at this time (deterministic renders). */
  createdAt: number;
  campaignId: number | null;
  /** What it renders in (email_outbox.language); NULL, or a language no longer offered: English. */
  language: string | null;
}

export interface Claim {
  claimId: string;
  claimedUntil: number;
  rows: OutboxRow[];
}

/** A key for a one-off message: the kind and a random id. */
export function newIdempotencyKey(kind: string): string {
  return `${kind}:${crypto.randomUUID()}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The INSERT for one message, to put in the same db.batch as the change that caused it. A second
 * insert with the same idempotency key does nothing.
 */
export function outboxInsert(db: D1Database, message: OutboxMessage): D1PreparedStatement {
  const waitlist = message.waitlist;
  const waitlistSql = !waitlist ? "NULL" : "id" in waitlist ? "?5" : "(SELECT id FROM waitlist WHERE email = ?5)";
  const waitlistValue = !waitlist ? null : "id" in waitlist ? waitlist.id : waitlist.email;
  const onlyIf = message.onlyIf ?? { sql: "1", params: [] };
  // The campaign's and the language's parameters come after the condition's, which are numbered from ?7.
  const campaignParam = `?${7 + onlyIf.params.length}`;
  const languageParam = `?${8 + onlyIf.params.length}`;
  const language = waitlist ? `coalesce(${languageParam}, (SELECT language FROM waitlist WHERE id = ${waitlistSql}))` : languageParam;
  // INSERT … SELECT so that a condition can gate it; SQLite needs the WHERE before ON CONFLICT anyway.
  return db
    .prepare(
      `INSERT INTO email_outbox (idempotency_key, kind, recipient, payload, waitlist_id, next_attempt_at, campaign_id, language)
       SELECT ?1, ?2, ?3, ?4, ${waitlistSql}, coalesce(?6, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ${campaignParam}, ${language}
       WHERE ${onlyIf.sql}
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(
      message.idempotencyKey,
      message.kind,
      message.recipient,
      JSON.stringify(message.payload ?? {}),
      waitlistValue,
      message.notBefore === undefined ? null : iso(message.notBefore),
      ...onlyIf.params,
      message.campaignId ?? null,
      message.language ?? null,
    );
}

interface RawRow {
  id: number;
  idempotency_key: string;
  kind: string;
  recipient: string;
  waitlist_id: number | null;
  payload: string;
  attempts: number;
  batch_key: string | null;
  created_at: string;
  campaign_id: number | null;
  language: string | null;
}

function toRow(raw: RawRow): OutboxRow {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw.payload);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
  } catch {
    // json_valid() guards the column; an unreadable payload renders as empty and fails validation there.
  }
  return {
    id: raw.id,
    idempotencyKey: raw.idempotency_key,
    kind: raw.kind,
    recipient: raw.recipient,
    waitlistId: raw.waitlist_id,
    payload,
    attempts: raw.attempts,
    batchKey: raw.batch_key,
    createdAt: Date.parse(raw.created_at),
    campaignId: raw.campaign_id ?? null,
    language: raw.language ?? null,
  };
}

/** A row is due when queued and its time has come, or when a sender's claim on it has lapsed. */
const DUE = `((status = 'queued' AND next_attempt_at <= ?1) OR (status = 'sending' AND claimed_until <= ?1))`;

/**
 * Claims up to `limit` due rows for one sender, in ONE statement (D1 runs one statement at a time, so
 * two senders never claim the same row) and counts the attempt. A row pinned to a batch (batch_key,
 * see the sender) brings the rest of its batch along, so that batch can go out again whole.
 */
export async function claimDue(db: D1Database, { limit, leaseMs, now }: { limit: number; leaseMs: number; now: number }): Promise<Claim> {
  const claimId = crypto.randomUUID();
  const claimedUntil = now + leaseMs;
  const { results } = await db
    .prepare(
      `WITH due AS (SELECT id, batch_key FROM email_outbox WHERE ${DUE} ORDER BY next_attempt_at, id LIMIT ?2)
       UPDATE email_outbox
          SET status = 'sending', claim_id = ?3, claimed_until = ?4, attempts = attempts + 1
        WHERE id IN (SELECT id FROM due)
           OR (batch_key IN (SELECT batch_key FROM due WHERE batch_key IS NOT NULL)
               AND (status = 'queued' OR (status = 'sending' AND claimed_until <= ?1)))
       RETURNING id, idempotency_key, kind, recipient, waitlist_id, payload, attempts, batch_key, created_at, campaign_id, language`,
    )
    .bind(iso(now), limit, claimId, iso(claimedUntil))
    .all<RawRow>();
  return { claimId, claimedUntil, rows: results.map(toRow).sort((a, b) => a.id - b.id) };
}

/** `ids` as one JSON parameter (D1 allows 100 bound parameters per statement). */
const idList = (ids: number[]) => JSON.stringify(ids);
const CLAIMED = `id IN (SELECT value FROM json_each(?1)) AND claim_id = ?2`;

/**
 * Pins rows to the batch they are about to go out in, before the request: should its outcome be
 * unknown, they go out again only in that batch, under that key.
 */
export function pinBatch(db: D1Database, claimId: string, ids: number[], batchKey: string | null): D1PreparedStatement {
  return db.prepare(`UPDATE email_outbox SET batch_key = ?3 WHERE ${CLAIMED}`).bind(idList(ids), claimId, batchKey);
}

/**
 * Sent: the provider's id per row. Whoever learns that a row went out says so, whatever the claim
 * (a sender whose lease lapsed may still have sent it), unless it is already recorded as sent.
 */
export function markSent(db: D1Database, sent: { id: number; providerId: string | null }[], now: number, note: string | null = null): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE email_outbox
          SET status = 'sent', sent_at = ?2, last_error = ?3, claim_id = NULL, claimed_until = NULL, batch_key = NULL,
              provider_id = (SELECT json_extract(value, '$.p') FROM json_each(?1) WHERE json_extract(value, '$.i') = email_outbox.id)
        WHERE id IN (SELECT json_extract(value, '$.i') FROM json_each(?1)) AND status <> 'sent'`,
    )
    .bind(JSON.stringify(sent.map((s) => ({ i: s.id, p: s.providerId }))), iso(now), note === null ? null : lastError(note));
}

/** Queued again for `at`, with what went wrong; `keepBatch` keeps the pin (the outcome is unknown). */
export function markRetry(db: D1Database, claimId: string, ids: number[], { at, error, keepBatch }: { at: number; error: string; keepBatch: boolean }): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE email_outbox
          SET status = 'queued', next_attempt_at = ?3, last_error = ?4, claim_id = NULL, claimed_until = NULL,
              batch_key = CASE WHEN ?5 THEN batch_key ELSE NULL END
        WHERE ${CLAIMED}`,
    )
    .bind(idList(ids), claimId, iso(at), lastError(error), keepBatch ? 1 : 0);
}

/** Failed for good (a permanent refusal, or the last attempt): shown in the admin with last_error. */
export function markFailed(db: D1Database, claimId: string, ids: number[], error: string): D1PreparedStatement {
  return db
    .prepare(`UPDATE email_outbox SET status = 'failed', last_error = ?3, claim_id = NULL, claimed_until = NULL, batch_key = NULL WHERE ${CLAIMED}`)
    .bind(idList(ids), claimId, lastError(error));
}

/** Not sent on purpose (suppressed, no longer wanted, entry gone). */
export function markCancelled(db: D1Database, claimId: string, ids: number[], reason: string): D1PreparedStatement {
  return db
    .prepare(`UPDATE email_outbox SET status = 'cancelled', last_error = ?3, claim_id = NULL, claimed_until = NULL, batch_key = NULL WHERE ${CLAIMED}`)
    .bind(idList(ids), claimId, lastError(reason));
}

/**
 * Handed back untried (the sender ran out of time or of pace): queued again, due at once, and the
 * attempt its claim counted is given back. A pin stays.
 */
export function releaseClaim(db: D1Database, claimId: string, ids: number[]): D1PreparedStatement {
  return db
    .prepare(`UPDATE email_outbox SET status = 'queued', attempts = max(attempts - 1, 0), claim_id = NULL, claimed_until = NULL WHERE ${CLAIMED}`)
    .bind(idList(ids), claimId);
}

/** last_error: short, and never an address. */
export function lastError(text: string): string {
  return shortDetail(text, 300);
}

/**
 * The wait before attempt n+1 after attempt n failed: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then
 * 12 h, each less up to 20 % at random (spreads a crowd of retries; never later than the schedule).
 * Seven retries take under 11 h, well inside the 24 h a provider keeps an Idempotency-Key.
 */
export const RETRY_SCHEDULE_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000] as const;

export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const base = RETRY_SCHEDULE_MS[Math.min(Math.max(attempts, 1), RETRY_SCHEDULE_MS.length) - 1]!;
  return Math.round(base * (1 - 0.2 * Math.min(Math.max(random, 0), 1)));
}
