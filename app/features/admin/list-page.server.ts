/**
 * What the paged admin lists (beta testers, contact messages) load the same way: their filters from
 * the URL, the page of rows (the last page when the URL asks for one past the end), and the row a
 * `?confirm=<id>` asks about before deleting it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseId } from "./guard.server";
import { requireAdmin } from "./session.server";

/** `path` with the query of `params`, or alone when there is none. */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export async function loadListPage<Filters extends { page: number }, List extends { page: number }, Row>(
  request: Request,
  context: AppLoadContext,
  list: {
    parseFilters: (params: URLSearchParams) => Filters;
    rows: (d1: D1Database, filters: Filters) => Promise<List>;
    find: (d1: D1Database, id: number) => Promise<Row | null>;
  },
): Promise<{ list: List; filters: Filters; confirm: Row | null }> {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const d1 = context.cloudflare.env.DB;
  const requested = list.parseFilters(params);
  const confirmId = parseId(params.get("confirm"));
  const [rows, confirm] = await Promise.all([list.rows(d1, requested), confirmId ? list.find(d1, confirmId) : null]);
  return { list: rows, filters: { ...requested, page: rows.page }, confirm };
}
