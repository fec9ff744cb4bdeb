/**
 * What the paged admin lists (beta testers, contact messages, the audit log, the email log) load the
 * same way: their filters from the URL, the page of rows (the last page when the URL asks for one past
 * the end), and the row a `?confirm=<id>` asks about before deleting it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseId } from "./guard.server";
import { requireAdmin } from "./session.server";

/** `path` with the query of `params`, or alone when there is none. */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A page number from the URL; anything else is the first page. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** A real calendar day as YYYY-MM-DD (2024-02-30 is refused, not rolled over to March); anything else is no day. */
export const isoDayParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00.000Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  })
  .catch("");

/** A day's first and last instants as the ISO timestamps the tables store (so whole days compare as text). */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
export const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

/**
 * The page shown and its rows: `first` is the total and the requested page, read together (one D1
 * batch); a page past the end (an old link, or the last row deleted) is read again as the last page.
 */
export async function clampedPage<Row>(
  requested: number,
  pageSize: number,
  first: Promise<[total: number, rows: Row[]]>,
  pageOf: (page: number) => PromiseLike<Row[]>,
): Promise<{ rows: Row[]; total: number; page: number; pageCount: number }> {
  const [total, firstTry] = await first;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  return { rows: page === requested ? firstTry : await pageOf(page), total, page, pageCount };
}

export async function loadListPage<Filters extends { page: number }, List extends { page: number }, Row>(
  request: Request,
  context: AppLoadContext,
  list: {
    parseFilters: (params: URLSearchParams) => Filters;
    rows: (d1: D1Database, filters: Filters) => Promise<List>;
    /** The row a `?confirm=<id>` names, for lists that delete from a confirmation panel. */
    find?: (d1: D1Database, id: number) => Promise<Row | null>;
  },
): Promise<{ list: List; filters: Filters; confirm: Row | null }> {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const d1 = context.cloudflare.env.DB;
  const requested = list.parseFilters(params);
  const confirmId = list.find ? parseId(params.get("confirm")) : null;
  const [rows, confirm] = await Promise.all([list.rows(d1, requested), confirmId && list.find ? list.find(d1, confirmId) : null]);
  return { list: rows, filters: { ...requested, page: rows.page }, confirm };
}
