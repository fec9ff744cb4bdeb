/**
 * The pace of provider requests, shared by every sender (the queue consumer, the cron, a nudge from
 * the site) through one D1 row: email_send_pacing.next_slot_ms, the earliest time the next request may
 * start. A sender reserves a slot with one atomic upsert that moves the row on by one interval
 * (1000 / EMAIL_SEND_RATE_PER_SECOND ms), then waits for its slot. Slots are therefore at least one
 * interval apart whoever holds them, and a 429 pushes the row out so every sender backs off together.
 */

/** A slot further ahead than this is taken for a clock glitch (or a test's clock) and forgotten. */
export const MAX_PACING_LEAD_MS = 120_000;

export function pacingIntervalMs(ratePerSecond: number): number {
  return Math.ceil(1000 / ratePerSecond);
}

/** Reserves the next request slot; answers its start time (ms since the epoch, never before `now`). */
export async function reserveSlot(db: D1Database, { now, intervalMs }: { now: number; intervalMs: number }): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO email_send_pacing (id, next_slot_ms) VALUES (1, ?1 + ?2)
       ON CONFLICT (id) DO UPDATE SET next_slot_ms =
         (CASE WHEN next_slot_ms > ?1 + ?3 THEN ?1 ELSE max(next_slot_ms, ?1) END) + ?2
       RETURNING next_slot_ms - ?2 AS slot`,
    )
    .bind(Math.floor(now), intervalMs, MAX_PACING_LEAD_MS)
    .first<{ slot: number }>();
  return row?.slot ?? now;
}

/** After a 429: no sender starts a request before `until` (at most MAX_PACING_LEAD_MS ahead). */
export function holdSlotsUntil(db: D1Database, { now, until }: { now: number; until: number }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO email_send_pacing (id, next_slot_ms) VALUES (1, ?1)
       ON CONFLICT (id) DO UPDATE SET next_slot_ms = max(next_slot_ms, ?1)`,
    )
    .bind(Math.floor(Math.min(until, now + MAX_PACING_LEAD_MS)));
}
