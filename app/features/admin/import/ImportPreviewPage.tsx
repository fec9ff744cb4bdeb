import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { formatUtcDateTime } from "~/lib/dates";
// Only types from the .server modules: the browser bundle leaves their values out.
import type { RowOutcome } from "./import-file";
import type { loadImportPreview } from "./import-pages.server";
import type { ImportCounts } from "./import.server";

const OUTCOME_LABELS: Record<RowOutcome | "all", string> = {
  all: "All rows",
  add: "To add",
  duplicate: "Duplicates",
  suppressed: "Suppressed",
  invalid: "Invalid",
};
const OUTCOME_PILL: Record<RowOutcome, string> = { add: "pill pill-on", duplicate: "pill", suppressed: "pill pill-off", invalid: "pill pill-warn" };
const ROW_OUTCOME_LABEL: Record<RowOutcome, string> = { add: "Add", duplicate: "Duplicate", suppressed: "Suppressed", invalid: "Invalid" };

const n = (value: number) => value.toLocaleString("en");

/** The counts, as cards: what is (or was) added, and each reason for skipping. */
function Counts({ counts, label, done }: { counts: ImportCounts; label: string; done: boolean }) {
  return (
    <dl className="admin-grid" aria-label={label} data-testid="import-counts">
      <div className="stat">
        <dt>{done ? "Added" : "To add"}</dt>
        <dd data-testid="count-add">{n(counts.add)}</dd>
        <dd className="stat-note">
          {n(counts.confirmed)} confirmed with consent evidence · {n(counts.pending)} {done ? "sent" : "to be sent"} a confirmation email
        </dd>
      </div>
      <div className="stat">
        <dt>Duplicates</dt>
        <dd data-testid="count-duplicate">{n(counts.duplicate)}</dd>
        <dd className="stat-note">Already on the list, or twice in the file</dd>
      </div>
      <div className="stat">
        <dt>Suppressed</dt>
        <dd data-testid="count-suppressed">{n(counts.suppressed)}</dd>
        <dd className="stat-note">Unsubscribed, bounced or complained</dd>
      </div>
      <div className="stat">
        <dt>Invalid</dt>
        <dd data-testid="count-invalid">{n(counts.invalid)}</dd>
        <dd className="stat-note">Fails the sign-up form&apos;s rules, or unreadable</dd>
      </div>
    </dl>
  );
}

/** /admin/import/<id>: what the file would add and skip, row by row; then the import's result. */
export function ImportPreviewPage() {
  const { summary, list, show, filterLinks } = useLoaderData<typeof loadImportPreview>();
  const busy = useNavigation().state === "submitting";
  if (summary.status === "imported") {
    return (
      <>
        <PageHeader title="Import done" description={<>Imported from {summary.fileName}.</>} />
        <section className="admin-panel" aria-labelledby="import-result-title">
          <h2 id="import-result-title">Result</h2>
          {summary.result ? <Counts counts={summary.result} label="What the import did" done /> : null}
          <p className="mt-4 admin-actions">
            <Link className="btn btn-primary" to={ADMIN_PATHS.betaTesters}>
              See the beta testers
            </Link>
            <Link className="btn btn-secondary" to={ADMIN_PATHS.import}>
              Import another file
            </Link>
          </p>
        </section>
      </>
    );
  }
  const { counts } = summary;
  return (
    <>
      <PageHeader
        title="Import preview"
        description={
          <>
            {summary.fileName}: {n(summary.rows)} {summary.rows === 1 ? "row" : "rows"}. Nothing is added until you import. This preview is kept
            until <time dateTime={summary.expiresAt}>{formatUtcDateTime(summary.expiresAt)}</time>.
          </>
        }
      />
      <section className="admin-panel" aria-labelledby="import-summary-title">
        <h2 id="import-summary-title">Summary</h2>
        <Counts counts={counts} label="What the import would do" done={false} />
        {summary.ignoredColumns.length > 0 ? (
          <p className="field-hint mt-4" data-testid="ignored-columns">
            Columns not imported: {summary.ignoredColumns.join(", ")}.
          </p>
        ) : null}
        <Form method="post" className="mt-4 admin-actions">
          {counts.add > 0 ? (
            <button type="submit" name="intent" value="import" className="btn btn-primary" disabled={busy}>
              {busy ? "Importing…" : `Import ${n(counts.add)} ${counts.add === 1 ? "person" : "people"}`}
            </button>
          ) : (
            <p className="field-hint">No one in this file can be added.</p>
          )}
          <button type="submit" name="intent" value="discard" className="btn btn-secondary" disabled={busy}>
            Discard
          </button>
        </Form>
      </section>

      <nav className="admin-actions mt-5" aria-label="Rows to show">
        {filterLinks.map((link) => (
          <Link
            key={link.show}
            to={link.href}
            className={`btn btn-sm ${link.show === show ? "btn-primary" : "btn-secondary"}`}
            aria-current={link.show === show ? "page" : undefined}
          >
            {OUTCOME_LABELS[link.show]} ({n(link.count)})
          </Link>
        ))}
      </nav>
      {list ? (
        <>
          <AdminTable
            testId="import-rows"
            className="mt-4 import-table"
            caption={`${OUTCOME_LABELS[show]} of the file, in its order`}
            columns={[{ label: "Line", numeric: true }, { label: "Person" }, { label: "Outcome" }]}
            empty={list.rows.length === 0 ? "No rows here." : null}
          >
            {list.rows.map((row) => (
              <tr key={row.line} data-testid="import-row">
                <td className="num">{row.line}</td>
                <td className="import-person">
                  {row.email || <span className="muted">No email</span>}
                  {row.name ? <span className="muted">{row.name}</span> : null}
                </td>
                <td>
                  <span className={OUTCOME_PILL[row.outcome]}>{ROW_OUTCOME_LABEL[row.outcome]}</span>
                  <span className="import-reason">{row.reason}</span>
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun={list.total === 1 ? "row" : "rows"} />
        </>
      ) : null}
    </>
  );
}
