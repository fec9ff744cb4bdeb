/**
 * app/db/schema.ts (drizzle, what the code queries) against the database that migrations/*.sql
 * build (what production has), table by table: columns with type, NOT NULL and default, the
 * primary key, AUTOINCREMENT, indexes (unique, key columns and expressions, order, WHERE) and
 * foreign keys. The SQL is the source of truth: a difference is fixed in the schema, or by a
 * migration.
 */
import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import * as schema from "~/db/schema";
import * as analyticsSchema from "~/db/analytics-schema";
import { createEmptyD1, runner } from "../support/app";
import { databaseShape, drizzleShape, drizzleTables, schemaDifferences, type SchemaShape } from "../support/schema-shape";

let migrated: SchemaShape;

beforeAll(async () => {
  const { db } = await createEmptyD1();
  await applyD1Migrations(db, runner.TEST_MIGRATIONS);
  migrated = await databaseShape(db);
});

describe("app/db/analytics-schema.ts and the analytics database migrations-analytics/ builds (ADR 0037)", () => {
  it("have the same tables, columns, keys and indexes", async () => {
    const { db } = await createEmptyD1();
    await applyD1Migrations(db, runner.TEST_ANALYTICS_MIGRATIONS);
    const shape = await databaseShape(db);
    expect(Object.keys(shape).length).toBeGreaterThanOrEqual(6);
    expect(schemaDifferences(drizzleShape(drizzleTables(analyticsSchema)), shape)).toEqual([]);
  });
});

describe("app/db/schema.ts and the migrated D1", () => {
  it("have the same tables, columns, keys and indexes", () => {
    expect(Object.keys(migrated).length).toBeGreaterThanOrEqual(9);
    expect(schemaDifferences(drizzleShape(drizzleTables(schema)), migrated)).toEqual([]);
  });

  it("differ as soon as one table, column, key or index does (the check itself)", () => {
    // rate_limits and admin_sessions as migrations/0001 has them, then drifted in every way the check knows.
    const rateLimits = sqliteTable("rate_limits", { bucket: text("bucket").primaryKey(), windowStart: integer("window_start").notNull(), hits: integer("hits").notNull() }, (t) => [
      index("rate_limits_window_idx").on(t.windowStart),
    ]);
    const driftedRateLimits = sqliteTable(
      "rate_limits",
      {
        bucket: integer("bucket").primaryKey({ autoIncrement: true }),
        windowStart: integer("window_start"),
        hits: integer("hits").notNull().default(0),
        extra: text("extra"),
      },
      (t) => [uniqueIndex("rate_limits_window_idx").on(t.windowStart, t.hits), index("rate_limits_hits_idx").on(t.hits).where(sql`${t.hits} > 0`)],
    );
    const driftedSessions = sqliteTable("admin_sessions", {
      id: text("id"),
      adminId: integer("admin_id").notNull().references(() => schema.adminUsers.id, { onDelete: "set null" }),
      createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%d', 'now'))`),
      lastSeenAt: text("last_seen_at").notNull(),
      expiresAt: text("expires_at").notNull(),
      userAgent: text("user_agent"),
    });
    const database = { rate_limits: migrated.rate_limits!, admin_sessions: migrated.admin_sessions! };
    const faithful = drizzleShape([rateLimits, schema.adminSessions]);

    expect(schemaDifferences(faithful, database)).toEqual([]);
    expect(schemaDifferences(drizzleShape([rateLimits]), database)).toEqual(["table admin_sessions: in the database, missing from app/db/schema.ts"]);
    expect(schemaDifferences(faithful, { rate_limits: migrated.rate_limits! })).toEqual(["table admin_sessions: in app/db/schema.ts, missing from the migrated database"]);
    expect(schemaDifferences(drizzleShape([driftedRateLimits, driftedSessions]), database)).toEqual([
      'admin_sessions.created_at: default is "strftime(\'%Y-%m-%d\', \'now\')" in app/db/schema.ts, "strftime(\'%Y-%m-%dT%H:%M:%fZ\', \'now\')" in the database',
      'admin_sessions.id: notNull is false in app/db/schema.ts, true in the database',
      'admin_sessions.last_seen_at: default is null in app/db/schema.ts, "strftime(\'%Y-%m-%dT%H:%M:%fZ\', \'now\')" in the database',
      'admin_sessions: primary key [] in app/db/schema.ts, ["id"] in the database',
      "admin_sessions: index admin_sessions_admin_idx in the database, missing from app/db/schema.ts",
      "admin_sessions: index admin_sessions_expires_idx in the database, missing from app/db/schema.ts",
      "admin_sessions: foreign keys (admin_id) → admin_users(id) on delete set null in app/db/schema.ts, (admin_id) → admin_users(id) on delete cascade in the database",
      'rate_limits.bucket: type is "INTEGER" in app/db/schema.ts, "TEXT" in the database',
      "rate_limits.extra: column in app/db/schema.ts, missing from the database",
      'rate_limits.hits: default is "0" in app/db/schema.ts, null in the database',
      "rate_limits.window_start: notNull is false in app/db/schema.ts, true in the database",
      "rate_limits: AUTOINCREMENT true in app/db/schema.ts, false in the database",
      'rate_limits: index rate_limits_hits_idx in app/db/schema.ts, missing from the database',
      'rate_limits: index rate_limits_window_idx is {"unique":true,"columns":["window_start","hits"],"where":null} in app/db/schema.ts, {"unique":false,"columns":["window_start"],"where":null} in the database',
    ]);
  });
});
