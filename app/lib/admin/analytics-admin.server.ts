/** Analytics figures for the admin (the full dashboard arrives with the analytics issue). */
import { count, desc, gte } from "drizzle-orm";
import { analyticsEvents } from "~/db/schema";
import { createDb } from "~/lib/db.server";

const WINDOW_DAYS = 30;

export async function loadEventCounts(d1: D1Database, now = Date.now()) {
  const since = new Date(now - WINDOW_DAYS * 86_400_000).toISOString();
  const byName = await createDb(d1)
    .select({ name: analyticsEvents.name, n: count() })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.occurredAt, since))
    .groupBy(analyticsEvents.name)
    .orderBy(desc(count()))
    .limit(50);
  return { days: WINDOW_DAYS, total: byName.reduce((sum, row) => sum + row.n, 0), byName };
}
