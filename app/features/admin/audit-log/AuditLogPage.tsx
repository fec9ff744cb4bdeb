import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { DateFilter, FilterActions, FilterSelect } from "~/features/admin/ui/filter-fields";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { formatUtcDateTime } from "~/lib/dates";
// Only the type from the .server module: the browser bundle leaves its values out.
import type { loadAuditLogPage } from "./audit-log.server";

const PATH = ADMIN_PATHS.auditLog;

/** An entry's details (`{"rows": 3}`) as the admin reads them: "rows: 3". */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

export function AuditLogPage() {
  const data = useLoaderData<typeof loadAuditLogPage>();
  const { filters } = data;
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the admin: who made it, what it was, to which record, and when."
        actions={
          <a className="btn btn-sm btn-primary" href={data.exportHref} download data-testid="audit-export">
            Export CSV
          </a>
        }
      />
      <section className="admin-panel" aria-labelledby="audit-filters-title">
        <h2 id="audit-filters-title">Filter</h2>
        {/* Keyed by the query: its fields take the filters again after a client-side navigation (Clear, a link). */}
        <Form key={search} method="get" action={PATH} className="filters" role="search" aria-labelledby="audit-filters-title">
          <FilterSelect id="audit-admin" name="admin" label="Admin" all="All admins" values={data.admins} current={filters.admin} />
          <FilterSelect id="audit-action" name="action" label="Action" all="All actions" values={data.actions} current={filters.action} />
          <DateFilter id="audit-from" name="from" label="From" current={filters.from} hintId="audit-dates-hint" />
          <DateFilter id="audit-to" name="to" label="To" current={filters.to} hintId="audit-dates-hint" />
          <FilterActions clearTo={PATH} />
        </Form>
        <p id="audit-dates-hint" className="field-hint">
          Dates are whole days in UTC, both included. The export holds the entries these filters show
          {data.exportCapped ? `, the newest ${data.exportCapped.toLocaleString("en")}` : ""}.
        </p>
      </section>

      <AdminTable
        testId="audit-entries"
        className="mt-5"
        caption={data.filtered ? "Admin activity matching the filters, newest first" : "All admin activity, newest first"}
        columns={[{ label: "When" }, { label: "Admin" }, { label: "Action" }, { label: "Record" }, { label: "Details" }]}
        empty={data.rows.length === 0 ? (data.filtered ? "No activity matches these filters." : "Nothing has been changed yet.") : null}
      >
        {data.rows.map((row) => (
          <tr key={row.id} data-testid="audit-row">
            <td className="whitespace-nowrap">
              <time dateTime={row.createdAt}>{formatUtcDateTime(row.createdAt)}</time>
            </td>
            <td className="cell-clip">{row.adminEmail}</td>
            <td>{row.action}</td>
            <td className="cell-clip">{row.target ?? "—"}</td>
            <td className="cell-clip text-sm text-ink-muted">{detailsText(row.details) || "—"}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "entry" : "entries"} />
    </>
  );
}
