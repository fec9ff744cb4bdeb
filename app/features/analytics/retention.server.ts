/**
 * Retention in the analytics database, run by the companion Worker's cron in chunks:
 * - raw events older than the owner's retention (issue 19, ADR 0037), oldest first. Their daily counts
 *   stay: nothing takes a deleted event out of analytics_daily_counts;
 * - daily counts older than the owner's longer horizon for them (issue 30, ADR 0047);
 * - beacon ids after BEACON_ID_LIFETIME_DAYS, long after a queue could deliver them again.
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

/**
 * The daily counts of days before the cutoff day, at most ?2 of them: the counts' primary key starts
 * with (name, facet), so the statement walks the few (name, facet) pairs by seeking from one to the
 * next (no scan of the table) and deletes each pair's old days through the key.
 */
export const DELETE_EXPIRED_COUNTS = `DELETE FROM analytics_daily_counts WHERE (name, facet, day, value) IN (
  WITH RECURSIVE pairs(pair) AS (
    SELECT (SELECT json_array(name, facet) FROM analytics_daily_counts WHERE name >= '' ORDER BY name, facet LIMIT 1)
    UNION ALL
    SELECT coalesce(
      (SELECT json_array(c.name, c.facet) FROM analytics_daily_counts AS c WHERE c.name = p.pair ->> 0 AND c.facet > p.pair ->> 1 ORDER BY c.facet LIMIT 1),
      (SELECT json_array(c.name, c.facet) FROM analytics_daily_counts AS c WHERE c.name > p.pair ->> 0 ORDER BY c.name, c.facet LIMIT 1))
    FROM pairs AS p WHERE p.pair IS NOT NULL
  )
  SELECT c.name, c.facet, c.day, c.value
  FROM pairs AS p CROSS JOIN analytics_daily_counts AS c ON c.name = p.pair ->> 0 AND c.facet = p.pair ->> 1 AND c.day < ?1
  WHERE p.pair IS NOT NULL
  LIMIT ?2
)`;

/** Deletes the daily counts of days past the counts' retention; returns how many rows. */
export function deleteExpiredCounts(db: D1Database, retentionDays: number, now: number, chunk = RETENTION_CHUNK, chunks = RETENTION_CHUNKS_PER_RUN): Promise<number> {
  return deleteInChunks(db, DELETE_EXPIRED_COUNTS, [retentionCutoff(retentionDays, now).slice(0, 10)], chunk, chunks);
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
