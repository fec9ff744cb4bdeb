/**
 * Drizzle schema of the analytics database (binding ANALYTICS_DB, ADR 0037). It mirrors
 * migrations-analytics/*.sql, which is the source of truth; tests/integration/schema-drift.test.ts
 * compares the two. The code writes these tables with plain SQL over JSON (app/features/analytics/
 * ingest.server.ts); the schema gives their shape a typed home.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const emptyJson = sql`'{}'`;

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    occurredAt: text("occurred_at").notNull(),
    receivedAt: text("received_at").notNull().default(nowIso),
    path: text("path"),
    consent: text("consent", { enum: ["anonymous", "analytics"] }).notNull().default("anonymous"),
    visitorHash: text("visitor_hash"),
    sessionId: text("session_id"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(emptyJson),
  },
  (t) => [
    index("analytics_events_time_idx").on(t.occurredAt),
    index("analytics_events_web_vitals_idx")
      .on(t.name, t.path, sql`json_extract(${t.properties}, '$.metric')`, t.occurredAt, sql`json_extract(${t.properties}, '$.value')`)
      .where(sql`${t.name} = 'web_vital'`),
  ],
);

/** Events per UTC day, name and facet value (WITHOUT ROWID); kept past the raw events' retention. */
export const analyticsDailyCounts = sqliteTable(
  "analytics_daily_counts",
  {
    name: text("name").notNull(),
    facet: text("facet").notNull(),
    day: text("day").notNull(),
    value: text("value").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.facet, t.day, t.value] })],
);

/** The counted mark: every event with an id up to up_to_id is in analytics_daily_counts (one row, id 1). */
export const analyticsCounted = sqliteTable("analytics_counted", {
  id: integer("id").primaryKey(),
  upToId: integer("up_to_id").notNull(),
});

/** Beacons stored so far, by the id the site gave them (deduplication; pruned after 15 days). */
export const analyticsBeacons = sqliteTable(
  "analytics_beacons",
  {
    id: text("id").primaryKey(),
    ingestedAt: text("ingested_at").notNull(),
  },
  (t) => [index("analytics_beacons_time_idx").on(t.ingestedAt)],
);

/** Messages of the dead-letter queue, kept for the admin to count and replay. */
export const analyticsDeadLetters = sqliteTable(
  "analytics_dead_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: text("message_id").notNull(),
    receivedAt: text("received_at").notNull(),
    attempts: integer("attempts").notNull(),
    body: text("body").notNull(),
  },
  (t) => [uniqueIndex("analytics_dead_letters_message_idx").on(t.messageId)],
);

/** The move of the site database's old events (one row, id 1). */
export const analyticsMove = sqliteTable("analytics_move", {
  id: integer("id").primaryKey(),
  lastSiteId: integer("last_site_id").notNull(),
  moved: integer("moved").notNull(),
  finishedAt: text("finished_at"),
});
