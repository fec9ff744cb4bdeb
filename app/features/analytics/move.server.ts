/**
 * Moving the events stored in the site's database (before the analytics database existed) into the
 * analytics database (ADR 0037), in chunks, by the companion Worker's cron, which has both bindings.
 *
 * Each chunk: read the next rows in id order from the site database; in ONE analytics batch, insert
 * them, count them and advance analytics_move.last_site_id, the insert guarded by the mark it read
 * (so a chunk that ran twice, or two runs at once, never store a row twice); then delete the moved rows
 * from the site database, which frees it. A run that stopped between the two databases is completed by
 * the next one, which first deletes what the mark says has moved. The move keeps checking each run
 * (one indexed read) until the site's tables are dropped, so rows an older deployment of the site
 * writes meanwhile move too.
 */
import { countNewEvents } from "./ingest.server";

export const MOVE_ROWS_PER_CHUNK = 1_000;
export const MOVE_CHUNKS_PER_RUN = 10;
/** A chunk's JSON stays under this (D1 caps a value at 2 MB); a chunk ends early to keep it. */
const MOVE_JSON_MAX = 900_000;

const COLUMNS = "name, occurred_at, received_at, path, consent, visitor_hash, session_id, referrer_host, utm_source, utm_medium, utm_campaign, properties";

const INSERT_MOVED = `INSERT INTO analytics_events (${COLUMNS})
SELECT ${COLUMNS.split(", ")
  .map((column) => `json_extract(value, '$.${column}')`)
  .join(", ")}
FROM json_each(?1)
WHERE (SELECT last_site_id FROM analytics_move WHERE id = 1) = ?2
ORDER BY key`;

export interface MoveReport {
  /** Events moved by this run. */
  moved: number;
  /** Nothing is left in the site database (or it no longer has the table). */
  done: boolean;
}

interface SiteRow {
  id: number;
  [column: string]: unknown;
}

/** Whether the site database still has its analytics table (a later migration drops it). */
async function siteHasEvents(site: D1Database): Promise<boolean> {
  const row = await site.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'analytics_events'").first();
  return row !== null;
}

async function moveMark(analytics: D1Database): Promise<number> {
  const row = await analytics.prepare("SELECT last_site_id AS last FROM analytics_move WHERE id = 1").first<{ last: number }>();
  if (!row) throw new Error("analytics_move has no row: apply migrations-analytics");
  return row.last;
}

/** The rows of one chunk: as many as fit MOVE_JSON_MAX (at least one). */
function chunkOf(rows: SiteRow[]): { json: string; rows: SiteRow[] } {
  const parts: string[] = [];
  let size = 2;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (parts.length > 0 && size + json.length + 1 > MOVE_JSON_MAX) break;
    parts.push(json);
    size += json.length + 1;
  }
  return { json: `[${parts.join(",")}]`, rows: rows.slice(0, parts.length) };
}

export async function moveSiteEvents(site: D1Database, analytics: D1Database, rowsPerChunk = MOVE_ROWS_PER_CHUNK, chunks = MOVE_CHUNKS_PER_RUN): Promise<MoveReport> {
  let moved = 0;
  if (!(await siteHasEvents(site))) return { moved, done: true };
  for (let i = 0; i < chunks; i++) {
    const last = await moveMark(analytics);
    // Rows the mark says have moved leave the site database (a run may have stopped before it).
    await site.prepare("DELETE FROM analytics_events WHERE id <= ?1").bind(last).run();
    const { results } = await site.prepare(`SELECT id, ${COLUMNS} FROM analytics_events WHERE id > ?1 ORDER BY id LIMIT ?2`).bind(last, rowsPerChunk).all<SiteRow>();
    if (results.length === 0) {
      await analytics.prepare("UPDATE analytics_move SET finished_at = ?1 WHERE id = 1").bind(new Date().toISOString()).run();
      return { moved, done: true };
    }
    const chunk = chunkOf(results);
    const through = chunk.rows.at(-1)!.id;
    const [inserted] = await analytics.batch([
      analytics.prepare(INSERT_MOVED).bind(chunk.json, last),
      analytics.prepare("UPDATE analytics_move SET last_site_id = ?2, moved = moved + ?3, finished_at = NULL WHERE id = 1 AND last_site_id = ?1").bind(last, through, chunk.rows.length),
      ...countNewEvents(analytics),
    ]);
    moved += inserted?.meta.changes ?? 0;
  }
  await site.prepare("DELETE FROM analytics_events WHERE id <= ?1").bind(await moveMark(analytics)).run();
  return { moved, done: false };
}
