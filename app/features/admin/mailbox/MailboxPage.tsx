import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { refusalMessage } from "~/features/admin/form-schema";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ConfirmPanel, confirmHref } from "~/features/admin/ui/ConfirmPanel";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { humanize } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { formatUtcDateTime } from "~/lib/dates";
import { CLEAR_CONFIRM } from "./mailbox-rules";
// Only the type from the .server module: the browser bundle leaves its values out.
import type { loadMailbox } from "./mailbox.server";

const PATH = ADMIN_PATHS.mailbox;

export function MailboxPage() {
  const data = useLoaderData<typeof loadMailbox>();
  const result = useActionData<SubmissionResult<string[]>>();
  return (
    <>
      <PageHeader
        title="Development mailbox"
        description="Every message the site sent while no email provider is configured, newest first. Nothing here left this machine: open a message to read it and click its links."
        actions={
          data.total > 0 ? (
            <Link to={confirmHref(PATH, "", CLEAR_CONFIRM)} className="btn btn-sm btn-secondary">
              Delete all
            </Link>
          ) : null
        }
      />
      <AlertMessage message={refusalMessage(result)} />
      {data.confirmClear ? (
        <ConfirmPanel title="Delete every message in the mailbox?" intent="delete-all" id={CLEAR_CONFIRM} confirmLabel="Delete all messages" cancelTo={PATH}>
          <p>
            {data.total === 1 ? "The message here is removed." : `The ${data.total.toLocaleString("en")} messages here are removed.`} The outbox and the waitlist
            are not changed.
          </p>
        </ConfirmPanel>
      ) : null}
      <AdminTable
        testId="mailbox"
        caption="Messages in the development mailbox, newest first"
        captionHidden
        columns={[{ label: "Subject" }, { label: "To" }, { label: "Kind" }, { label: "Received" }]}
        empty={data.rows.length === 0 ? "The mailbox is empty. Sign up on the site to receive a confirmation here." : null}
      >
        {data.rows.map((row) => (
          <tr key={row.id} data-testid="mailbox-row">
            <td className="cell-clip">
              <Link className="underline" to={`${PATH}/${row.id}`}>
                {row.subject}
              </Link>
            </td>
            <td className="cell-clip">{row.recipient}</td>
            <td className="whitespace-nowrap">{row.kind ? humanize(row.kind) : "—"}</td>
            <td className="whitespace-nowrap">
              <time dateTime={row.createdAt}>{formatUtcDateTime(row.createdAt)}</time>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "message" : "messages"} />
    </>
  );
}
