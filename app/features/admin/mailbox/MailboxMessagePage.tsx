import { Link, useLoaderData } from "@remix-run/react";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { humanize } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { formatUtcDateTime } from "~/lib/dates";
import type { loadMailboxMessage } from "./mailbox.server";

/**
 * One message of the development mailbox: its links, the HTML inline at its full height (cleaned on
 * the server to a mail layout's tags and attributes), the plain-text part, and the headers.
 */
export function MailboxMessagePage() {
  const message = useLoaderData<typeof loadMailboxMessage>();
  return (
    <>
      <PageHeader
        title={message.subject}
        description={
          <>
            To {message.recipient} · from {message.sender} · <time dateTime={message.createdAt}>{formatUtcDateTime(message.createdAt)}</time>
            {message.kind ? <> · {humanize(message.kind)}</> : null}
          </>
        }
        actions={
          <Link to={ADMIN_PATHS.mailbox} className="btn btn-sm btn-secondary">
            Back to the mailbox
          </Link>
        }
      />
      <section className="admin-panel" aria-labelledby="links-title">
        <h2 id="links-title">Links in this message</h2>
        {message.links.length === 0 ? (
          <p className="text-sm text-ink-muted">This message has no links.</p>
        ) : (
          <ul className="grid gap-3 text-sm" data-testid="message-links">
            {message.links.map((link) => (
              <li key={link.url}>
                <a className="font-semibold underline" href={link.url}>
                  {link.label}
                </a>
                {link.label === link.url ? null : <span className="block break-all text-ink-muted">{link.url}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="html-title">
        <h2 id="html-title">As HTML</h2>
        <p className="mb-3 text-sm text-ink-muted">
          The whole message as its layout draws it, in light mode (its style block, for dark mode and narrow screens, is left out).
        </p>
        {/* Made safe on the server (message-preview.server.ts): only a mail layout's tags and attributes are left. */}
        <div className="mail-preview" data-testid="message-html" dangerouslySetInnerHTML={{ __html: message.inlineHtml }} />
      </section>
      <section className="admin-panel" aria-labelledby="text-title">
        <h2 id="text-title">As plain text</h2>
        <pre className="overflow-x-auto whitespace-pre-wrap break-words text-sm" data-testid="message-text">
          {message.text}
        </pre>
      </section>
      <section className="admin-panel" aria-labelledby="headers-title">
        <h2 id="headers-title">Headers</h2>
        <dl className="grid gap-2 text-sm">
          {Object.entries(message.headers).map(([name, value]) => (
            <div key={name}>
              <dt className="font-semibold">{name}</dt>
              <dd className="break-all text-ink-muted">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
