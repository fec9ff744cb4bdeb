/**
 * Analytics events seeded straight into the analytics database (ANALYTICS_DB) with known counts, each
 * batch ending with the count statements every writer runs (ADR 0037): the analytics page's tests.
 */
import { countNewEvents } from "~/features/analytics/ingest.server";

export interface Seed {
  name: string;
  at: string;
  path?: string;
  visitor?: string;
  referrer?: string;
  utm?: string;
  props?: Record<string, unknown>;
  /** How many identical rows. */
  times?: number;
}

/** Inserts `times` copies of an event (analytics consent when it has a visitor hash). */
export function insert(db: D1Database, e: Seed): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO analytics_events (name, occurred_at, path, consent, visitor_hash, session_id, referrer_host, utm_source, properties)
       WITH RECURSIVE copies(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM copies WHERE i < ?1)
       SELECT ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 FROM copies`,
    )
    .bind(
      e.times ?? 1,
      e.name,
      e.at,
      e.path ?? "/home",
      e.visitor ? "analytics" : "anonymous",
      e.visitor ?? null,
      e.visitor ? `session-${e.visitor}` : null,
      e.referrer ?? null,
      e.utm ?? null,
      JSON.stringify(e.props ?? {}),
    );
}

/** Stores events as every writer of the analytics database does: the rows, then their counts, in one batch. */
export async function store(db: D1Database, seeds: Seed[]): Promise<void> {
  await db.batch([...seeds.map((e) => insert(db, e)), ...countNewEvents(db)]);
}

