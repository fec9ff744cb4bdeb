import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ConfirmPanel, confirmHref } from "~/features/admin/ui/ConfirmPanel";
import { formatDateTime, humanize } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { WAITLIST_INTENTS } from "~/lib/constants";
import { answerSaveFailure, parseId, readAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
// Only the loader and action may use values from .server modules: the browser bundle leaves them out.
import {
  BETA_TESTER_SORTS,
  BETA_TESTERS_EXPORT_LIMIT,
  betaTesterFilterParams,
  defaultDirection,
  deleteBetaTester,
  findBetaTester,
  listBetaTesters,
  parseBetaTesterFilters,
  type BetaTesterSort,
} from "~/features/admin/beta-testers/beta-testers.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { requireAdmin } from "~/features/admin/session.server";

export const meta: MetaFunction = () => adminMeta("Beta testers");

const PATH = "/admin/beta-testers";
const withQuery = (path: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const d1 = context.cloudflare.env.DB;
  const requested = parseBetaTesterFilters(url.searchParams);
  const confirmId = parseId(url.searchParams.get("confirm"));
  const [list, confirm] = await Promise.all([listBetaTesters(d1, requested), confirmId ? findBetaTester(d1, confirmId) : null]);
  const filters = { ...requested, page: list.page };

  // Links are built here, where the filter model lives, so the page and the export always agree.
  const sortLinks = Object.fromEntries(
    BETA_TESTER_SORTS.map((sort) => {
      const active = filters.sort === sort;
      const dir = active ? (filters.dir === "asc" ? "desc" : "asc") : defaultDirection(sort);
      return [sort, { href: withQuery(PATH, betaTesterFilterParams(filters, { sort, dir, page: 1 })), active, next: dir }];
    }),
  ) as Record<BetaTesterSort, { href: string; active: boolean; next: "asc" | "desc" }>;
  const here = betaTesterFilterParams(filters);
  // Applying the filter form keeps the current sort (only what differs from the default is in `here`).
  const keepSort = ["sort", "dir"].flatMap((name) => (here.has(name) ? [[name, here.get(name)!] as const] : []));
  return json({
    filters,
    filtered: Boolean(filters.q || filters.intent !== "all" || filters.source || filters.utm || filters.from || filters.to),
    rows: list.rows,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    sources: list.sources,
    utmSources: list.utmSources,
    confirm,
    sortLinks,
    hereHref: withQuery(PATH, here),
    hereQuery: here.toString(),
    exportHref: withQuery(`${PATH}.csv`, betaTesterFilterParams(filters, { page: 1 })),
    exportCapped: list.total > BETA_TESTERS_EXPORT_LIMIT ? BETA_TESTERS_EXPORT_LIMIT : null,
    keepSort,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  // Back to the same filters, sort and page, without the confirmation.
  const back = withQuery(PATH, betaTesterFilterParams(parseBetaTesterFilters(new URL(request.url).searchParams)));
  if (fields.intent !== "delete") {
    return redirectWithFlash(request, context, back, { kind: "error", message: "That action is not available on this page." });
  }
  const id = parseId(fields.id);
  const save = async () => {
    const deleted = id ? await deleteBetaTester(context.cloudflare.env.DB, session.admin, id) : null;
    if (!deleted) {
      return redirectWithFlash(request, context, back, { kind: "error", message: "That beta tester no longer exists." });
    }
    return redirectWithFlash(request, context, back, { kind: "success", message: `Removed ${deleted.email} from the beta list.` });
  };
  return answerSaveFailure({ event: "admin_beta_testers_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, back));
}

const SORT_LABELS: Record<BetaTesterSort, { label: string; asc: string; desc: string }> = {
  created_at: { label: "Signed up", asc: "oldest first", desc: "newest first" },
  email: { label: "Email", asc: "A to Z", desc: "Z to A" },
  name: { label: "Name", asc: "A to Z", desc: "Z to A" },
};

function SortHeader({ sort, link, dir }: { sort: BetaTesterSort; link: { href: string; active: boolean; next: "asc" | "desc" }; dir: "asc" | "desc" }) {
  const labels = SORT_LABELS[sort];
  return (
    <th scope="col" aria-sort={link.active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={link.href} data-testid={`sort-${sort}`}>
        {labels.label}
        <span className="visually-hidden"> (sort {labels[link.next]})</span>
        {link.active ? <span aria-hidden="true">{dir === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    </th>
  );
}

/** The select's choices, keeping a value from the URL that is not among the common ones. */
function choices(values: string[], current: string): string[] {
  return current && !values.includes(current) ? [current, ...values] : values;
}

const dash = (value: string | null) => value || "—";

export default function AdminBetaTesters() {
  const data = useLoaderData<typeof loader>();
  const { filters, sortLinks } = data;
  const { filtered } = data;
  return (
    <>
      <PageHeader
        title="Beta testers"
        description="Everyone who joined the beta list or asked to be notified. Filter, sort and export them."
        actions={
          <a className="btn btn-sm btn-primary" href={data.exportHref} download>
            Export CSV
          </a>
        }
      />
      {data.confirm ? (
        <ConfirmPanel title={`Delete ${data.confirm.email}?`} intent="delete" id={data.confirm.id} confirmLabel="Delete for good" cancelTo={data.hereHref}>
          <p>This removes them from the beta list for good. Use it when someone asks to be forgotten.</p>
        </ConfirmPanel>
      ) : null}

      <section className="admin-panel" aria-labelledby="filters-title">
        <h2 id="filters-title">Filter</h2>
        <Form method="get" action={PATH} className="filters" role="search" aria-labelledby="filters-title">
          <div>
            <label className="field-label" htmlFor="bt-q">
              Search
            </label>
            <input className="field-input" id="bt-q" type="search" name="q" defaultValue={filters.q} placeholder="Email or name" maxLength={200} />
          </div>
          <div>
            <label className="field-label" htmlFor="bt-intent">
              Intent
            </label>
            <select className="field-input" id="bt-intent" name="intent" defaultValue={filters.intent}>
              <option value="all">All intents</option>
              {WAITLIST_INTENTS.map((intent) => (
                <option key={intent} value={intent}>
                  {humanize(intent)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="field-label" htmlFor="bt-source">
              Source
            </label>
            <select className="field-input" id="bt-source" name="source" defaultValue={filters.source}>
              <option value="">All sources</option>
              {choices(data.sources, filters.source).map((source) => (
                <option key={source} value={source}>
                  {humanize(source)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="field-label" htmlFor="bt-utm">
              UTM source
            </label>
            <select className="field-input" id="bt-utm" name="utm" defaultValue={filters.utm}>
              <option value="">All UTM sources</option>
              {choices(data.utmSources, filters.utm).map((utm) => (
                <option key={utm} value={utm}>
                  {utm}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="field-label" htmlFor="bt-from">
              Signed up from
            </label>
            <input className="field-input" id="bt-from" type="date" name="from" defaultValue={filters.from} aria-describedby="bt-dates-hint" />
          </div>
          <div>
            <label className="field-label" htmlFor="bt-to">
              Signed up to
            </label>
            <input className="field-input" id="bt-to" type="date" name="to" defaultValue={filters.to} aria-describedby="bt-dates-hint" />
          </div>
          {data.keepSort.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="admin-actions">
            <button type="submit" className="btn btn-sm btn-primary">
              Apply
            </button>
            <Link to={PATH} className="btn btn-sm btn-secondary">
              Clear
            </Link>
          </div>
        </Form>
        <p id="bt-dates-hint" className="field-hint">
          Dates are whole days in UTC, both included.
          {data.exportCapped ? ` The export holds the first ${data.exportCapped.toLocaleString("en")} matching rows.` : ""}
        </p>
      </section>

      <div className="table-wrap mt-5">
        <table className="admin-table" data-testid="beta-testers">
          <caption>{filtered ? "Beta testers matching the filters" : "All beta testers"}</caption>
          <thead>
            <tr>
              <SortHeader sort="email" link={sortLinks.email} dir={filters.dir} />
              <SortHeader sort="name" link={sortLinks.name} dir={filters.dir} />
              <th scope="col">Intent</th>
              <th scope="col">Source</th>
              <th scope="col">UTM source</th>
              <th scope="col">UTM medium</th>
              <th scope="col">UTM campaign</th>
              <th scope="col">Platform</th>
              <SortHeader sort="created_at" link={sortLinks.created_at} dir={filters.dir} />
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={10} className="muted">
                  {filtered ? "No beta testers match these filters." : "No one has joined the beta list yet."}
                </td>
              </tr>
            ) : (
              data.rows.map((row) => {
                return (
                  <tr key={row.id} data-testid="beta-tester-row">
                    <td className="cell-clip">{row.email}</td>
                    <td className="cell-clip">{[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}</td>
                    <td>{humanize(row.intent)}</td>
                    <td>{humanize(row.source)}</td>
                    <td className="cell-clip">{dash(row.utmSource)}</td>
                    <td className="cell-clip">{dash(row.utmMedium)}</td>
                    <td className="cell-clip">{dash(row.utmCampaign)}</td>
                    <td>{dash(row.platform)}</td>
                    <td className="whitespace-nowrap">
                      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                    </td>
                    <td>
                      <Link to={confirmHref(PATH, data.hereQuery, row.id)} className="btn btn-xs btn-secondary" aria-label={`Delete ${row.email}`}>
                        Delete
                      </Link>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "beta tester" : "beta testers"} />
    </>
  );
}
