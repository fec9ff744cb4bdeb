/**
 * The email log (issue 31, ADR 0054): every message in the outbox, newest first, with its recipient,
 * kind, status, attempts and times, found by address, kind and status. What the owner checks when
 * someone says "I never got it". It reads only what the outbox already keeps: a deleted person's
 * messages went with them, and finished messages are purged after 90 days (ADR 0054).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox, emailOutboxStatuses } from "~/db/schema";
import { clampedPage, loadListPage, pageParam } from "~/features/admin/list-page.server";
import { emailKinds } from "~/features/email/templates/kinds.server";
import { createDb } from "~/lib/db.server";

export const EMAIL_LOG_PAGE_SIZE = 50;
const STATUS_FILTERS = ["all", ...emailOutboxStatuses] as const;

const filterSchema = z.object({
  // An address, or a part of one; the outbox keeps addresses as they were normalised (lower case).
  q: z
    .string()
    .trim()
    .transform((value) => value.slice(0, 254).toLowerCase())
    .catch(""),
  kind: z.string().trim().max(64).catch(""),
  status: z.enum(STATUS_FILTERS).catch("all"),
  page: pageParam,
});

export type EmailLogFilters = z.infer<typeof filterSchema>;

/** The filters in a URL. Anything invalid falls back to its default: a bad link never fails. */
export function parseEmailLogFilters(params: URLSearchParams): EmailLogFilters {
  return filterSchema.parse(Object.fromEntries(Object.keys(filterSchema.shape).map((key) => [key, params.get(key) ?? undefined])));
}

function whereClause(f: EmailLogFilters): SQL | undefined {
  return and(
    // A substring test, not LIKE: `%` or `_` typed into the box are characters to find (as on the beta testers page).
    f.q ? sql`instr(lower(${emailOutbox.recipient}), ${f.q}) > 0` : undefined,
    f.kind ? eq(emailOutbox.kind, f.kind) : undefined,
    f.status !== "all" ? eq(emailOutbox.status, f.status) : undefined,
  );
}

export async function listEmailLog(d1: D1Database, filters: EmailLogFilters) {
  const db = createDb(d1);
  const where = whereClause(filters);
  const pageOf = (page: number) =>
    db
      .select({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        kind: emailOutbox.kind,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        deliveryEvent: emailOutbox.deliveryEvent,
        deliveryEventAt: emailOutbox.deliveryEventAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(EMAIL_LOG_PAGE_SIZE)
      .offset((page - 1) * EMAIL_LOG_PAGE_SIZE);
  const [totals, firstTry] = await db.batch([db.select({ n: count() }).from(emailOutbox).where(where), pageOf(filters.page)]);
  return clampedPage(filters.page, EMAIL_LOG_PAGE_SIZE, Promise.resolve([totals[0]?.n ?? 0, firstTry]), pageOf);
}

export async function loadEmailLogPage({ request, context }: LoaderFunctionArgs) {
  const { list, filters } = await loadListPage(request, context, { parseFilters: parseEmailLogFilters, rows: listEmailLog });
  return json({
    filters,
    filtered: Boolean(filters.q || filters.kind || filters.status !== "all"),
    rows: list.rows,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    kinds: Object.keys(emailKinds),
    statuses: emailOutboxStatuses,
  });
}
