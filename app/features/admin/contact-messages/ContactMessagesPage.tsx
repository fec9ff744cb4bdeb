import { Link, useLoaderData } from "@remix-run/react";
import { ActionsCell, AdminTable } from "~/features/admin/ui/AdminTable";
import { ConfirmPanel, confirmHref } from "~/features/admin/ui/ConfirmPanel";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { PostButton } from "~/features/admin/ui/PostButton";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { formatUtcDateTime } from "~/lib/dates";
import type { loadContactMessages } from "./contact-messages.server";

const PATH = ADMIN_PATHS.contactMessages;

/** mailto: with the address kept readable and the subject encoded (no header injection). */
function replyHref(email: string, subject: string): string {
  const address = email.split("@").map(encodeURIComponent).join("@");
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

export function ContactMessagesPage() {
  const data = useLoaderData<typeof loadContactMessages>();
  const unreadView = data.show === "unread";
  return (
    <>
      <PageHeader title="Contact messages" description="Messages sent through the contact form, newest first." />
      {data.confirm ? (
        <ConfirmPanel
          title={`Delete the message from ${data.confirm.name}?`}
          intent="delete"
          id={data.confirm.id}
          confirmLabel="Delete message"
          cancelTo={data.hereHref}
        >
          <p>
            “{data.confirm.subject}” from {data.confirm.email} will be removed for good.
          </p>
        </ConfirmPanel>
      ) : null}

      <nav className="admin-actions mb-4" aria-label="Which messages">
        <Link to={data.viewHrefs.all} className={`btn btn-sm ${unreadView ? "btn-secondary" : "btn-primary"}`} aria-current={unreadView ? undefined : "page"}>
          All ({data.counts.all.toLocaleString("en")})
        </Link>
        <Link
          to={data.viewHrefs.unread}
          className={`btn btn-sm ${unreadView ? "btn-primary" : "btn-secondary"}`}
          aria-current={unreadView ? "page" : undefined}
        >
          Unread ({data.counts.unread.toLocaleString("en")})
        </Link>
      </nav>

      <AdminTable
        testId="contact-messages"
        caption={<>{unreadView ? "Unread messages" : "All messages"}. Open a subject to read the message.</>}
        columns={[{ label: "From" }, { label: "Subject and message" }, { label: "Received" }, { label: <span className="visually-hidden">Actions</span> }]}
        empty={data.rows.length === 0 ? (unreadView ? "No unread messages." : "No messages yet.") : null}
      >
        {data.rows.map((row) => (
          <tr key={row.id} className={row.isRead ? undefined : "unread"} data-testid="contact-row" data-read={row.isRead ? "true" : "false"}>
            <td className="cell-clip">
              {row.name}
              <br />
              <span className="muted">{row.email}</span>
            </td>
            <td className="cell-clip">
              {row.isRead ? null : <span className="pill pill-unread">Unread</span>}
              <details className="contact-message">
                <summary>{row.subject}</summary>
                <p className="contact-message-body">{row.message}</p>
              </details>
            </td>
            <td className="whitespace-nowrap">
              <time dateTime={row.createdAt}>{formatUtcDateTime(row.createdAt)}</time>
            </td>
            <ActionsCell>
              <PostButton
                intent={row.isRead ? "mark-unread" : "mark-read"}
                id={row.id}
                label={row.isRead ? "Mark unread" : "Mark read"}
                ariaLabel={`Mark the message from ${row.name}, “${row.subject}”, as ${row.isRead ? "unread" : "read"}`}
              />
              <a className="btn btn-xs btn-secondary" href={replyHref(row.email, row.subject)} aria-label={`Reply to ${row.name} by email`}>
                Reply
              </a>
              <Link
                to={confirmHref(PATH, data.hereQuery, row.id)}
                className="btn btn-xs btn-secondary"
                aria-label={`Delete the message from ${row.name}, “${row.subject}”`}
              >
                Delete
              </Link>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "message" : "messages"} />
    </>
  );
}
