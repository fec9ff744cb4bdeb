/**
 * The audit log: every admin mutation records who did what to which record, and when. The insert
 * is returned as a statement so callers batch it with the mutation itself (both land or neither).
 */
import { desc, type SQL } from "drizzle-orm";
import { adminAuditLog } from "~/db/schema";
import { createDb } from "~/lib/db.server";
import type { SignedInAdmin } from "./session.server";

/** `target` may be SQL when it names a row the same batch creates (`last_insert_rowid()`). */
export function auditStatement(
  d1: D1Database,
  actor: SignedInAdmin,
  action: string,
  target: string | SQL | null,
  details: Record<string, unknown> = {},
) {
  return createDb(d1).insert(adminAuditLog).values({ adminId: actor.id, adminEmail: actor.email, action, target, details });
}

/** auditStatement as a plain D1 statement, for a batch of raw D1 statements (db.batch takes one kind). */
export function auditD1Statement(d1: D1Database, actor: SignedInAdmin, action: string, target: string | null, details: Record<string, unknown> = {}): D1PreparedStatement {
  const query = auditStatement(d1, actor, action, target, details).toSQL();
  return d1.prepare(query.sql).bind(...query.params);
}

/**
 * The audit row for the write just before it in the same D1 batch, written only if that write changed
 * rows, with their count in `details.rows` (SQLite's changes(): a batch runs its statements in order on
 * one connection). For a write whose reach is only known when it runs (retry every failed message).
 */
export function auditChangesStatement(d1: D1Database, actor: SignedInAdmin, action: string, target: string | null): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO admin_audit_log (admin_id, admin_email, action, target, details)
       SELECT ?1, ?2, ?3, ?4, json_object('rows', changes()) WHERE changes() > 0`,
    )
    .bind(actor.id, actor.email, action, target);
}

export type AuditEntry = typeof adminAuditLog.$inferSelect;

export async function recentAuditEntries(d1: D1Database, limit = 15): Promise<AuditEntry[]> {
  return createDb(d1).select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(limit);
}
