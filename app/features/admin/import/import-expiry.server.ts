/** How long an uploaded import file is kept (ADR 0053): its own module, so the jobs Worker takes nothing else of the import. */

/** How long an uploaded file waits for its import: long enough to look it over, no longer (it holds addresses). */
export const IMPORT_LIFETIME_MS = 2 * 60 * 60_000;

/** Removes uploads past their time, with their rows (the jobs Worker's cron, and every upload). */
export async function deleteExpiredImports(db: D1Database, now: number = Date.now()): Promise<number> {
  const result = await db.prepare("DELETE FROM waitlist_imports WHERE expires_at < ?1").bind(new Date(now).toISOString()).run();
  return result.meta.changes ?? 0;
}
