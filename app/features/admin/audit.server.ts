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

export type AuditEntry = typeof adminAuditLog.$inferSelect;

export async function recentAuditEntries(d1: D1Database, limit = 15): Promise<AuditEntry[]> {
  return createDb(d1).select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(limit);
}
