/**
 * The analytics retention on the settings page (ADR 0047): what is in force, and saving both values in
 * one batch with their audit row. The companion Worker's cron applies them (analytics/jobs.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { inArray } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { auditStatement } from "~/features/admin/audit.server";
import { parseAdminForm } from "~/features/admin/guard.server";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { createDb } from "~/lib/db.server";
import { ANALYTICS_COUNTS_RETENTION, ANALYTICS_RETENTION, readAnalyticsRetention } from "~/lib/settings.server";
import { ANALYTICS_RETENTION_MESSAGES, analyticsRetentionSchema, type RetentionLimits } from "./analytics-retention-schema";

export const RETENTION_LIMITS: RetentionLimits = {
  events: { min: ANALYTICS_RETENTION.min, max: ANALYTICS_RETENTION.max },
  counts: { min: ANALYTICS_COUNTS_RETENTION.min, max: ANALYTICS_COUNTS_RETENTION.max },
};

const KEYS = [ANALYTICS_RETENTION.key, ANALYTICS_COUNTS_RETENTION.key];

/** The retentions in force, their ranges and defaults, and when either last changed. */
export async function loadAnalyticsRetention(d1: D1Database) {
  const [inForce, rows] = await Promise.all([
    readAnalyticsRetention(d1),
    createDb(d1).select({ updatedAt: siteSettings.updatedAt }).from(siteSettings).where(inArray(siteSettings.key, KEYS)),
  ]);
  return {
    ...inForce,
    limits: RETENTION_LIMITS,
    defaults: { eventsDays: ANALYTICS_RETENTION.default, countsDays: ANALYTICS_COUNTS_RETENTION.default },
    updatedAt: rows.map((row) => row.updatedAt).sort().at(-1) ?? null,
  };
}

export type AnalyticsRetentionSave = { saved: true; message: string } | { saved: false; result: SubmissionResult<string[]> };

/** Saves both retentions, or answers the form's messages; nothing is written unless both are valid. */
export async function saveAnalyticsRetention(db: D1Database, actor: SignedInAdmin, fields: Record<string, string>): Promise<AnalyticsRetentionSave> {
  const submission = parseAdminForm(fields, analyticsRetentionSchema(RETENTION_LIMITS));
  if (submission.status !== "success") return { saved: false, result: submission.reply() };
  const { eventsDays, countsDays } = submission.value;
  const drizzle = createDb(db);
  const updatedAt = new Date().toISOString();
  const upsert = (key: string, days: number) =>
    drizzle.insert(siteSettings).values({ key, value: String(days), updatedAt }).onConflictDoUpdate({ target: siteSettings.key, set: { value: String(days), updatedAt } });
  await drizzle.batch([
    auditStatement(db, actor, "updated analytics retention", "analytics retention", { eventsDays, countsDays }),
    upsert(ANALYTICS_RETENTION.key, eventsDays),
    upsert(ANALYTICS_COUNTS_RETENTION.key, countsDays),
  ]);
  return { saved: true, message: ANALYTICS_RETENTION_MESSAGES.saved(eventsDays, countsDays) };
}
