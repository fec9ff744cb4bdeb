import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { FilterActions, FilterSelect } from "~/features/admin/ui/filter-fields";
import { humanize } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { formatUtcDateTime } from "~/lib/dates";
// Only the type from the .server module: the browser bundle leaves its values out.
import type { loadEmailLogPage } from "./email-log.server";
import { outboxStatusLabel } from "./outbox-status";

const PATH = ADMIN_PATHS.emailLog;
const STATUS_PILL: Record<string, string> = { sent: "pill pill-on", failed: "pill pill-warn", cancelled: "pill pill-off" };
const REPORT_PILL: Record<string, string> = { delivered: "pill pill-on", bounced: "pill pill-warn", complained: "pill pill-warn" };

export function EmailLogPage() {
  const data = useLoaderData<typeof loadEmailLogPage>();
  const { filters } = data;
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title="Email log"
        description="Every message the site has queued in the last 90 days: to whom, what, and what became of it. Search an address when someone says they never got a message."
        actions={
          <Link to={ADMIN_PATHS.email} className="btn btn-sm btn-secondary">
            Back to email
          </Link>
        }
      />
      <section className="admin-panel" aria-labelledby="email-log-filters-title">
        <h2 id="email-log-filters-title">Filter</h2>
        {/* Keyed by the query: its fields take the filters again after a client-side navigation (Clear, a link). */}
        <Form key={search} method="get" action={PATH} className="filters" role="search" aria-labelledby="email-log-filters-title">
          <div>
            <label className="field-label" htmlFor="email-log-q">
              Recipient
            </label>
            <input
              className="field-input"
              id="email-log-q"
              type="search"
              name="q"
              defaultValue={filters.q}
              placeholder="Address or part of one"
              maxLength={254}
              aria-describedby="email-log-hint"
            />
          </div>
          <FilterSelect id="email-log-kind" name="kind" label="Kind" all="All kinds" values={data.kinds} current={filters.kind} show={humanize} />
          <FilterSelect
            id="email-log-status"
            name="status"
            label="Status"
            all="All statuses"
            allValue="all"
            values={data.statuses}
            current={filters.status}
            show={outboxStatusLabel}
          />
          <FilterActions clearTo={PATH} />
        </Form>
        <p id="email-log-hint" className="field-hint">
          Messages to someone who was deleted (or whose sign-up expired unconfirmed) were deleted with them, and finished messages are kept for 90
          days: an address with nothing here was not mailed, or not recently.
        </p>
      </section>

      <AdminTable
        testId="email-log"
        className="mt-5"
        caption={data.filtered ? "Messages matching the filters, newest first" : "Every message, newest first"}
        columns={[{ label: "Recipient" }, { label: "Kind" }, { label: "Status" }, { label: "Attempts", numeric: true }, { label: "Queued" }, { label: "Last error" }]}
        empty={data.rows.length === 0 ? (data.filtered ? "No messages match these filters." : "No messages yet.") : null}
      >
        {data.rows.map((row) => (
          <tr key={row.id} data-testid="email-log-row">
            <td className="cell-clip" data-testid="email-log-recipient">
              {row.recipient}
            </td>
            <td className="whitespace-nowrap" data-testid="email-log-kind">
              {humanize(row.kind)}
            </td>
            <td className="text-sm">
              <span className="flex flex-wrap gap-1">
                <span className={STATUS_PILL[row.status] ?? "pill"} data-testid="email-log-status">
                  {outboxStatusLabel(row.status)}
                </span>
                {row.deliveryEvent ? <span className={REPORT_PILL[row.deliveryEvent] ?? "pill"}>{humanize(row.deliveryEvent)}</span> : null}
              </span>
              {row.sentAt ? (
                <span className="block whitespace-nowrap text-ink-muted">
                  Sent <time dateTime={row.sentAt}>{formatUtcDateTime(row.sentAt)}</time>
                </span>
              ) : null}
              {row.deliveryEvent && row.deliveryEventAt ? (
                <span className="block whitespace-nowrap text-ink-muted">
                  {humanize(row.deliveryEvent)} <time dateTime={row.deliveryEventAt}>{formatUtcDateTime(row.deliveryEventAt)}</time>
                </span>
              ) : null}
            </td>
            <td className="num">{row.attempts}</td>
            <td className="whitespace-nowrap">
              <time dateTime={row.createdAt}>{formatUtcDateTime(row.createdAt)}</time>
            </td>
            <td className="cell-clip text-sm">{row.lastError ?? "—"}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "message" : "messages"} />
    </>
  );
}
