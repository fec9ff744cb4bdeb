import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ConfirmPanel, confirmHref } from "~/features/admin/ui/ConfirmPanel";
import { formatDateTime } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { answerSaveFailure, parseId, readAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
import {
  contactFilterParams,
  deleteContactMessage,
  findContactMessage,
  listContactMessages,
  parseContactFilters,
  setContactMessageRead,
} from "~/features/admin/contact-messages/contact-messages.server";
import { redirectWithFlash, type Flash } from "~/features/admin/flash.server";
import { requireAdmin } from "~/features/admin/session.server";

export const meta: MetaFunction = () => adminMeta("Contact messages");

const PATH = "/admin/contact-submissions";
const withQuery = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const d1 = context.cloudflare.env.DB;
  const requested = parseContactFilters(url.searchParams);
  const confirmId = parseId(url.searchParams.get("confirm"));
  const [list, confirm] = await Promise.all([listContactMessages(d1, requested), confirmId ? findContactMessage(d1, confirmId) : null]);
  const filters = { ...requested, page: list.page };
  return json({
    ...list,
    show: filters.show,
    confirm,
    hereQuery: contactFilterParams(filters).toString(),
    hereHref: withQuery(contactFilterParams(filters)),
    viewHrefs: { all: withQuery(contactFilterParams(filters, { show: "all", page: 1 })), unread: withQuery(contactFilterParams(filters, { show: "unread", page: 1 })) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  const d1 = context.cloudflare.env.DB;
  // Back to the same view and page, without the confirmation.
  const back = withQuery(contactFilterParams(parseContactFilters(new URL(request.url).searchParams)));
  const answer = (flash: Flash) => redirectWithFlash(request, context, back, flash);
  const gone: Flash = { kind: "error", message: "That message no longer exists." };

  const id = parseId(fields.id);
  const save = async () => {
    switch (fields.intent) {
      case "mark-read":
      case "mark-unread": {
        const isRead = fields.intent === "mark-read";
        if (!id || !(await setContactMessageRead(d1, session.admin, id, isRead))) return answer(gone);
        return answer({ kind: "success", message: isRead ? "Marked as read." : "Marked as unread." });
      }
      case "delete":
        if (!id || !(await deleteContactMessage(d1, session.admin, id))) return answer(gone);
        return answer({ kind: "success", message: "Message deleted." });
      default:
        return answer({ kind: "error", message: "That action is not available on this page." });
    }
  };
  return answerSaveFailure({ event: "admin_contact_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, back));
}

/** mailto: with the address kept readable and the subject encoded (no header injection). */
function replyHref(email: string, subject: string): string {
  const address = email.split("@").map(encodeURIComponent).join("@");
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

export default function AdminContactSubmissions() {
  const data = useLoaderData<typeof loader>();
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
        <Link to={data.viewHrefs.unread} className={`btn btn-sm ${unreadView ? "btn-primary" : "btn-secondary"}`} aria-current={unreadView ? "page" : undefined}>
          Unread ({data.counts.unread.toLocaleString("en")})
        </Link>
      </nav>

      <div className="table-wrap">
        <table className="admin-table" data-testid="contact-messages">
          <caption>{unreadView ? "Unread messages" : "All messages"}. Open a subject to read the message.</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Subject and message</th>
              <th scope="col">Received</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="muted">
                  {unreadView ? "No unread messages." : "No messages yet."}
                </td>
              </tr>
            ) : (
              data.rows.map((row) => {
                return (
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
                      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                    </td>
                    <td>
                      <div className="cell-actions">
                        <Form method="post">
                          <input type="hidden" name="intent" value={row.isRead ? "mark-unread" : "mark-read"} />
                          <input type="hidden" name="id" value={row.id} />
                          <button
                            type="submit"
                            className="btn btn-xs btn-secondary"
                            aria-label={`Mark the message from ${row.name}, “${row.subject}”, as ${row.isRead ? "unread" : "read"}`}
                          >
                            {row.isRead ? "Mark unread" : "Mark read"}
                          </button>
                        </Form>
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
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "message" : "messages"} />
    </>
  );
}
