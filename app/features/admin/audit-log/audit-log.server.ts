/**
 * The audit log page and its CSV export (issue 31): every admin mutation (audit.server.ts writes
 * them), newest first, filtered by admin, action and a range of days. One filter model read from the
 * URL serves the page, its pagination and the export, so they always agree. Anything invalid in the
 * URL falls back to "no filter": a bad link never fails.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, count, desc, eq, gte, lte, max, type SQL } from "drizzle-orm";
import { z } from "zod";
import { adminAuditLog } from "~/db/schema";
import { csvResponse, csvStream } from "~/features/admin/csv-export.server";
import { clampedPage, dayEnd, dayStart, isoDayParam, loadListPage, pageParam, withQuery } from "~/features/admin/list-page.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { createDb } from "~/lib/db.server";

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_EXPORT_LIMIT = 100_000;
const EXPORT_CHUNK = 2_000;
/** The filter selects offer this many admins and actions; the URL still accepts any other. */
const FILTER_OPTIONS_LIMIT = 100;

const filterSchema = z.object({
  admin: z.string().trim().max(254).catch(""),
  action: z.string().trim().max(200).catch(""),
  from: isoDayParam,
  to: isoDayParam,
  page: pageParam,
});

export type AuditLogFilters = z.infer<typeof filterSchema>;

/** The filters in a URL; a range given backwards is read the right way round. */
export function parseAuditLogFilters(params: URLSearchParams): AuditLogFilters {
  const parsed = filterSchema.parse(Object.fromEntries(Object.keys(filterSchema.shape).map((key) => [key, params.get(key) ?? undefined])));
  return parsed.from && parsed.to && parsed.from > parsed.to ? { ...parsed, from: parsed.to, to: parsed.from } : parsed;
}

/** The URL parameters for these filters (defaults left out), optionally changed. */
export function auditLogFilterParams(filters: AuditLogFilters, changes: Partial<AuditLogFilters> = {}): URLSearchParams {
  const f = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (f.admin) params.set("admin", f.admin);
  if (f.action) params.set("action", f.action);
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.page > 1) params.set("page", String(f.page));
  return params;
}

// The admin is matched by the email the row keeps: it still names an account since changed or deleted.
function whereClause(f: AuditLogFilters): SQL | undefined {
  return and(
    f.admin ? eq(adminAuditLog.adminEmail, f.admin) : undefined,
    f.action ? eq(adminAuditLog.action, f.action) : undefined,
    f.from ? gte(adminAuditLog.createdAt, dayStart(f.from)) : undefined,
    f.to ? lte(adminAuditLog.createdAt, dayEnd(f.to)) : undefined,
  );
}

const columns = {
  id: adminAuditLog.id,
  createdAt: adminAuditLog.createdAt,
  adminEmail: adminAuditLog.adminEmail,
  action: adminAuditLog.action,
  target: adminAuditLog.target,
  details: adminAuditLog.details,
};
const newestFirst = [desc(adminAuditLog.createdAt), desc(adminAuditLog.id)];

export async function listAuditLog(d1: D1Database, filters: AuditLogFilters) {
  const db = createDb(d1);
  const where = whereClause(filters);
  const pageOf = (page: number) =>
    db
      .select(columns)
      .from(adminAuditLog)
      .where(where)
      .orderBy(...newestFirst)
      .limit(AUDIT_LOG_PAGE_SIZE)
      .offset((page - 1) * AUDIT_LOG_PAGE_SIZE);
  const [totals, firstTry, admins, actions] = await db.batch([
    db.select({ n: count() }).from(adminAuditLog).where(where),
    pageOf(filters.page),
    db.select({ value: adminAuditLog.adminEmail }).from(adminAuditLog).groupBy(adminAuditLog.adminEmail).orderBy(adminAuditLog.adminEmail).limit(FILTER_OPTIONS_LIMIT),
    db.select({ value: adminAuditLog.action }).from(adminAuditLog).groupBy(adminAuditLog.action).orderBy(adminAuditLog.action).limit(FILTER_OPTIONS_LIMIT),
  ]);
  const list = await clampedPage(filters.page, AUDIT_LOG_PAGE_SIZE, Promise.resolve([totals[0]?.n ?? 0, firstTry]), pageOf);
  return { ...list, admins: admins.map((r) => r.value), actions: actions.map((r) => r.value) };
}

export const AUDIT_LOG_CSV_HEADER = ["created_at", "admin_email", "action", "target", "details"] as const;

/** Every row matching the filters (up to the limit), newest first, as the CSV's bytes. */
export async function auditLogCsv(d1: D1Database, filters: AuditLogFilters, { limit = AUDIT_LOG_EXPORT_LIMIT, chunk = EXPORT_CHUNK } = {}) {
  const db = createDb(d1);
  // Rows written during the export would shift later chunks' offsets; leave them out.
  const [top] = await db.select({ id: max(adminAuditLog.id) }).from(adminAuditLog);
  const where = and(whereClause(filters), lte(adminAuditLog.id, top?.id ?? 0));
  return csvStream({
    header: AUDIT_LOG_CSV_HEADER,
    chunkAt: (offset, size) =>
      db
        .select(columns)
        .from(adminAuditLog)
        .where(where)
        .orderBy(...newestFirst)
        .limit(size)
        .offset(offset),
    cells: (row) => [row.createdAt, row.adminEmail, row.action, row.target, JSON.stringify(row.details)],
    limit,
    chunk,
    failureEvent: "audit_log_export_failed",
  });
}

const AUDIT_PATH = ADMIN_PATHS.auditLog;

export async function loadAuditLogPage({ request, context }: LoaderFunctionArgs) {
  const { list, filters } = await loadListPage(request, context, { parseFilters: parseAuditLogFilters, rows: listAuditLog });
  const here = auditLogFilterParams(filters, { page: 1 });
  return json({
    filters,
    filtered: here.size > 0,
    rows: list.rows,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    admins: list.admins,
    actions: list.actions,
    exportHref: withQuery(`${AUDIT_PATH}.csv`, here),
    exportCapped: list.total > AUDIT_LOG_EXPORT_LIMIT ? AUDIT_LOG_EXPORT_LIMIT : null,
  });
}

/** The audit log as a CSV download, with the page's filters and order. */
export async function loadAuditLogCsv({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const filters = parseAuditLogFilters(new URL(request.url).searchParams);
  return csvResponse(await auditLogCsv(context.cloudflare.env.DB, filters), "audit-log");
}
