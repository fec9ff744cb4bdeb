/**
 * Fixed-window rate limits kept in D1, so every isolate at the edge sees the same count.
 * One atomic upsert per check: no read-then-write race.
 */
import { keyedHash, rateLimitClient } from "~/lib/client-id.server";

export interface RateLimitRule {
  /** Namespace of the limit, e.g. "waitlist". */
  scope: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

const bucketOf = (rule: RateLimitRule, key: string) => `${rule.scope}:${key}`;

/** The fixed window `now` falls in, and the whole seconds until it ends (at least 1). */
function windowAt(rule: RateLimitRule, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

export async function hitRateLimit(
  db: D1Database,
  rule: RateLimitRule,
  key: string,
  now = Date.now(),
  /** What this request counts for (the events of a batch for an events cap). */
  cost = 1,
): Promise<RateLimitResult> {
  const window = windowAt(rule, now);
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?1, ?2, ?3)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + ?3 ELSE ?3 END,
         window_start = excluded.window_start
       RETURNING hits`,
    )
    .bind(bucketOf(rule, key), window.start, cost)
    .first<{ hits: number }>();
  const hits = row?.hits ?? cost;
  return { allowed: hits <= rule.max, hits, retryAfterSeconds: window.retryAfterSeconds };
}

/** Rate-limits the request's client (its IPv4 address or IPv6 /64); the bucket key is a keyed hash of it. */
export async function hitClientRateLimit(
  db: D1Database,
  rule: RateLimitRule,
  request: Request,
  secret: string,
): Promise<RateLimitResult> {
  return hitRateLimit(db, rule, await keyedHash(secret, rateLimitClient(request)));
}

/** Gives back `cost` hits of the current window (never below zero). */
export async function refundRateLimit(db: D1Database, rule: RateLimitRule, key: string, now = Date.now(), cost = 1): Promise<void> {
  await db
    .prepare("UPDATE rate_limits SET hits = max(0, hits - ?1) WHERE bucket = ?2 AND window_start = ?3")
    .bind(cost, bucketOf(rule, key), windowAt(rule, now).start)
    .run();
}

/** Deletes windows that ended more than a day ago (called in the background). */
export async function pruneRateLimits(db: D1Database, now = Date.now()): Promise<void> {
  await db.prepare("DELETE FROM rate_limits WHERE window_start < ?1").bind(now - 86_400_000).run();
}

/** Forgets a bucket (e.g. an account's failed sign-ins after a successful one). */
export async function resetRateLimit(db: D1Database, rule: RateLimitRule, key: string): Promise<void> {
  await db.prepare("DELETE FROM rate_limits WHERE bucket = ?1").bind(bucketOf(rule, key)).run();
}
