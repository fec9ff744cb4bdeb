import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { refusalMessage } from "~/features/admin/form-schema";
import { ActionsCell, AdminTable } from "~/features/admin/ui/AdminTable";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { humanize } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { IntentFields, PostButton } from "~/features/admin/ui/PostButton";
import { formatUtcDateTime } from "~/lib/dates";
import { EmailStatusPanel } from "./EmailStatusPanel";
import { OUTBOX_STATUS_TEXT } from "./outbox-status";
import type { loadEmailPage } from "./email.server";

export function EmailPage() {
  const data = useLoaderData<typeof loadEmailPage>();
  const result = useActionData<SubmissionResult<string[]>>();
  const { summary } = data;
  return (
    <>
      <PageHeader
        title="Email"
        description="Every message is a row in the outbox before it goes out, and is sent at most once. Messages that failed can be sent again."
        actions={
          data.total > 0 ? (
            <Form method="post">
              <IntentFields intent="retry-all" />
              <button type="submit" className="btn btn-sm btn-primary">
                Retry all failed
              </button>
            </Form>
          ) : null
        }
      />
      <AlertMessage message={refusalMessage(result)} testId="email-refusal" />
      <div className="admin-grid-2">
        <EmailStatusPanel summary={summary} detailed />
        <section className="admin-panel" aria-labelledby="outbox-title">
          <h2 id="outbox-title">Outbox by status</h2>
          <dl className="grid gap-2 text-sm" data-testid="outbox-counts">
            {OUTBOX_STATUS_TEXT.map(({ status, label, hint }) => (
              <div key={status} className="flex justify-between gap-4">
                <dt>
                  {label} <span className="text-ink-muted">· {hint}</span>
                </dt>
                <dd className="tabular-nums font-semibold" data-testid={`outbox-${status}`}>
                  {summary.byStatus[status].toLocaleString("en")}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-ink-muted">Sent, failed and cancelled messages are kept for 90 days.</p>
          <p className="mt-3 text-sm">
            <Link className="underline" to={ADMIN_PATHS.emailLog} data-testid="email-log-link">
              See every message, by recipient
            </Link>
          </p>
        </section>
      </div>

      <section className="mt-5" aria-labelledby="failed-title">
        <h2 id="failed-title" className="text-lg font-bold">
          Failed messages
        </h2>
        <p className="mb-3 text-sm text-ink-muted">
          Most recent failure first. Retry sends the same message again (never a second copy), with a fresh set of attempts.
        </p>
        <AdminTable
          testId="failed-messages"
          caption="Failed messages, most recent failure first"
          captionHidden
          columns={[
            { label: "Kind" },
            { label: "Recipient" },
            { label: "Attempts", numeric: true },
            { label: "Last error" },
            { label: "When" },
            { label: <span className="visually-hidden">Actions</span> },
          ]}
          empty={data.failed.length === 0 ? "No failed messages." : null}
        >
          {data.failed.map((row) => (
            <tr key={row.id} data-testid="failed-row">
              <td className="whitespace-nowrap">{humanize(row.kind)}</td>
              <td className="cell-clip">{row.recipient}</td>
              <td className="num">{row.attempts}</td>
              <td className="cell-clip">
                {row.lastError ?? "—"}
                {row.mayHaveBeenDelivered ? (
                  <>
                    <br />
                    <span className="pill pill-warn">May have been delivered</span>
                  </>
                ) : null}
              </td>
              <td className="whitespace-nowrap text-sm">
                Queued <time dateTime={row.createdAt}>{formatUtcDateTime(row.createdAt)}</time>
                <br />
                Last tried <time dateTime={row.lastAttemptAt}>{formatUtcDateTime(row.lastAttemptAt)}</time>
              </td>
              <ActionsCell>
                <PostButton intent="retry" id={row.id} label="Retry" ariaLabel={`Retry the ${row.kind.replace(/_/g, " ")} message to ${row.recipient}`} />
              </ActionsCell>
            </tr>
          ))}
        </AdminTable>
      </section>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "failed message" : "failed messages"} />
    </>
  );
}
