/**
 * The analytics queue's dead letters (ADR 0037), kept in analytics_dead_letters by the dead-letter
 * queue's consumer: how many there are, and replaying them once their cause is fixed. A replayed
 * message that is a valid beacon is stored (skipped if it was stored before) and leaves the table in
 * the same D1 batch; anything else stays.
 */
import { beaconSchema, type Beacon } from "./beacon.server";
import { ingestBeacons } from "./ingest.server";

/** Dead letters replayed per click (one D1 batch). */
export const REPLAY_BATCH = 100;

export async function countDeadLetters(db: D1Database): Promise<number> {
  const row = await db.prepare("SELECT count(*) AS n FROM analytics_dead_letters").first<{ n: number }>();
  return row?.n ?? 0;
}

export async function replayDeadLetters(db: D1Database, now: number = Date.now()): Promise<{ stored: number; invalid: number }> {
  const { results } = await db.prepare("SELECT id, body FROM analytics_dead_letters ORDER BY id LIMIT ?1").bind(REPLAY_BATCH).all<{ id: number; body: string }>();
  const beacons: Beacon[] = [];
  const ids: number[] = [];
  for (const row of results) {
    let body: unknown = null;
    try {
      body = JSON.parse(row.body);
    } catch {
      // Not JSON: stays a dead letter.
    }
    const parsed = beaconSchema.safeParse(body);
    if (!parsed.success) continue;
    beacons.push(parsed.data);
    ids.push(row.id);
  }
  if (beacons.length > 0) {
    await ingestBeacons(db, beacons, now, [db.prepare("DELETE FROM analytics_dead_letters WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids))]);
  }
  return { stored: ids.length, invalid: results.length - ids.length };
}
