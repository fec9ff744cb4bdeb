/**
 * Storing beacons in the analytics database (ADR 0037), for the queue consumer and for the site's
 * direct write when the queue cannot be reached: one D1 batch, so one transaction, whatever the number
 * of beacons, and a handful of statements, whatever the number of events:
 *
 *   1. the events of every beacon not stored before (analytics_beacons), read from one JSON parameter;
 *   2. the beacons' ids, so a redelivered message is skipped next time;
 *   3. the daily counts of every event above the counted mark (analytics_counted), then the mark moved.
 *
 * Steps 1 and 2 repeat per chunk of about a megabyte (D1 caps a value at 2 MB). The counts change in
 * the same transaction as the rows they count: all of it lands, or none of it.
 */
import type { Beacon } from "./beacon.server";
import { COUNT_NEW_EVENTS } from "./count-statements.mjs";

export { COUNT_NEW_EVENTS };

/** The JSON of one statement's beacons stays under this many characters (D1's cap on a value is 2 MB). */
export const MAX_JSON_PER_STATEMENT = 1_000_000;

const b = (path: string) => `json_extract(b.value, '$.${path}')`;
const e = (path: string) => `json_extract(e.value, '$.${path}')`;

const INSERT_NEW_EVENTS = `INSERT INTO analytics_events
  (name, occurred_at, received_at, path, consent, visitor_hash, session_id, referrer_host, utm_source, utm_medium, utm_campaign, properties)
SELECT ${e("name")}, ${e("occurredAt")}, ${b("receivedAt")}, ${e("path")}, ${b("consent")}, ${b("visitorHash")}, ${b("sessionId")},
  ${b("referrerHost")}, ${b("utmSource")}, ${b("utmMedium")}, ${b("utmCampaign")}, json(${e("properties")})
FROM json_each(?1) AS b, json_each(b.value, '$.events') AS e
WHERE NOT EXISTS (SELECT 1 FROM analytics_beacons AS seen WHERE seen.id = ${b("id")})
ORDER BY b.key, e.key`;

const REMEMBER_BEACONS = `INSERT INTO analytics_beacons (id, ingested_at)
SELECT json_extract(value, '$.id'), ?2 FROM json_each(?1) WHERE true
ON CONFLICT (id) DO NOTHING`;

/** The count statements, prepared (every writer of analytics_events ends its batch with them). */
export function countNewEvents(d1: D1Database): D1PreparedStatement[] {
  return COUNT_NEW_EVENTS.map((sql) => d1.prepare(sql));
}

/** Beacons in groups whose JSON stays under `max` characters (one beacon alone is never split). */
export function chunkBeacons(beacons: readonly Beacon[], max = MAX_JSON_PER_STATEMENT): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const beacon of beacons) {
    const json = JSON.stringify(beacon);
    if (current.length > 0 && size + json.length + 1 > max) {
      chunks.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length > 0) chunks.push(`[${current.join(",")}]`);
  return chunks;
}

export interface IngestReport {
  /** Events newly stored (a beacon stored before adds none). */
  stored: number;
  /** D1 statements the batch ran. */
  statements: number;
}

/**
 * Stores the beacons (those already stored are skipped) and counts their events, in one D1 batch.
 * Throws when D1 does: then nothing of it landed, and the caller retries.
 */
export async function ingestBeacons(
  d1: D1Database,
  beacons: readonly Beacon[],
  now: number = Date.now(),
  /** More statements for the same transaction (a replay deletes its dead letters with them). */
  also: readonly D1PreparedStatement[] = [],
): Promise<IngestReport> {
  // The same id twice in one call (a message and its redelivery in one batch): the first is kept.
  const unique = [...new Map(beacons.map((beacon) => [beacon.id, beacon])).values()];
  if (unique.length === 0) return { stored: 0, statements: 0 };
  const at = new Date(now).toISOString();
  const statements: D1PreparedStatement[] = [];
  const inserts: number[] = [];
  for (const chunk of chunkBeacons(unique)) {
    inserts.push(statements.length);
    statements.push(d1.prepare(INSERT_NEW_EVENTS).bind(chunk));
    statements.push(d1.prepare(REMEMBER_BEACONS).bind(chunk, at));
  }
  statements.push(...countNewEvents(d1), ...also);
  const results = await d1.batch(statements);
  const stored = inserts.reduce((sum, i) => sum + (results[i]?.meta.changes ?? 0), 0);
  return { stored, statements: statements.length };
}
