/**
 * Retention of raw analytics events (issue 19, ADR 0037): events older than the owner's retention are
 * deleted in chunks, oldest first, by the companion Worker's cron. Their daily counts stay: nothing
 * takes a deleted event out of analytics_daily_counts (the old database's delete trigger is not here).
 * Beacon ids are forgotten after BEACON_ID_LIFETIME_DAYS, long after a queue could deliver them again.
 */

/** Rows deleted per statement, and statements per cron tick at most (so a tick stays short). */
export const RETENTION_CHUNK = 5_000;
export const RETENTION_CHUNKS_PER_RUN = 20;
/** Queues keep a message for 4 days by default, 14 at most: ids older than that can never come again. */
export const BEACON_ID_LIFETIME_DAYS = 15;

const DAY_MS = 86_400_000;

/** The first instant that is still kept: midnight UTC, `days` days before today. */
export function retentionCutoff(days: number, now: number): string {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return new Date(today - days * DAY_MS).toISOString();
}

async function deleteInChunks(db: D1Database, sql: string, bound: unknown[], chunk: number, chunks: number): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < chunks; i++) {
    const result = await db.prepare(sql).bind(...bound, chunk).run();
    deleted += result.meta.changes;
    if (result.meta.changes < chunk) break;
  }
  return deleted;
}

/** Deletes raw events that occurred before the cutoff; returns how many. */
export function deleteExpiredEvents(db: D1Database, retentionDays: number, now: number, chunk = RETENTION_CHUNK, chunks = RETENTION_CHUNKS_PER_RUN): Promise<number> {
  return deleteInChunks(
    db,
    "DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE occurred_at < ?1 ORDER BY occurred_at LIMIT ?2)",
    [retentionCutoff(retentionDays, now)],
    chunk,
    chunks,
  );
}

/** Forgets beacon ids older than BEACON_ID_LIFETIME_DAYS; returns how many. */
export function pruneBeaconIds(db: D1Database, now: number, chunk = RETENTION_CHUNK, chunks = RETENTION_CHUNKS_PER_RUN): Promise<number> {
  return deleteInChunks(
    db,
    "DELETE FROM analytics_beacons WHERE id IN (SELECT id FROM analytics_beacons WHERE ingested_at < ?1 ORDER BY ingested_at LIMIT ?2)",
    [new Date(now - BEACON_ID_LIFETIME_DAYS * DAY_MS).toISOString()],
    chunk,
    chunks,
  );
}
