import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { formatUtcDateTime } from "~/lib/dates";
import { EMAIL_MODE_TEXT } from "./email-mode";
// Only the type from the .server module: the browser bundle leaves its values out.
import type { EmailSummary } from "./email.server";

/**
 * Whether email is on and through what, when a message last went out, what failed in the last day
 * and what waits in the queue: the dashboard's Email card, and the top of the email page.
 */
export function EmailStatusPanel({ summary, detailed = false, outboxLink = false }: { summary: EmailSummary; detailed?: boolean; outboxLink?: boolean }) {
  const text = EMAIL_MODE_TEXT[summary.mode];
  const links = [
    outboxLink ? { to: ADMIN_PATHS.email, label: "Open the email outbox" } : null,
    summary.mode === "local-mailbox" ? { to: ADMIN_PATHS.mailbox, label: "Open the development mailbox" } : null,
  ].filter((link) => link !== null);
  return (
    <section className="admin-panel" aria-labelledby="email-status-title" data-testid="email-status" data-mode={summary.mode}>
      <h2 id="email-status-title" className="flex flex-wrap items-center gap-2">
        Email <span className={`pill ${summary.mode === "off" ? "pill-off" : "pill-on"}`}>{text.state}</span>
      </h2>
      <p className="text-sm font-semibold" data-testid="email-mode">
        {text.summary}
      </p>
      {detailed ? <p className="mt-1 text-sm text-ink-muted">{text.detail}</p> : null}
      <dl className="mt-3 grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Last message sent</dt>
          <dd data-testid="email-last-sent">
            {summary.lastSentAt ? <time dateTime={summary.lastSentAt}>{formatUtcDateTime(summary.lastSentAt)}</time> : "None yet"}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Failed in the last 24 h</dt>
          <dd className="tabular-nums font-semibold" data-testid="email-failed-24h">
            {summary.failedLast24h.toLocaleString("en")}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Queued</dt>
          <dd className="tabular-nums font-semibold" data-testid="email-queued">
            {summary.queued.toLocaleString("en")}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Delivery reports</dt>
          <dd data-testid="email-reports">
            <span className={`pill ${summary.reports.configured ? "pill-on" : "pill-off"}`}>{summary.reports.configured ? "On" : "Off"}</span>
          </dd>
        </div>
        {summary.reports.configured ? (
          <div className="flex justify-between gap-4">
            <dt>Bounced / complaints in the last 24 h</dt>
            <dd className="tabular-nums font-semibold" data-testid="email-problems-24h">
              {summary.reports.bouncedLast24h.toLocaleString("en")} / {summary.reports.complainedLast24h.toLocaleString("en")}
            </dd>
          </div>
        ) : null}
      </dl>
      {detailed ? (
        <p className="mt-3 text-sm text-ink-muted" data-testid="email-reports-detail">
          {summary.reports.configured
            ? "The provider reports deliveries, bounces and complaints to "
            : "Delivery reports are off: bounces and complaints are not suppressed automatically. In Resend, add a webhook for the email events pointing at "}
          <code className="break-all">{summary.reports.endpoint}</code>
          {summary.reports.configured ? "; bounced and complaining addresses are suppressed at once." : " and set its signing secret as EMAIL_WEBHOOK_SECRET."}
        </p>
      ) : null}
      {links.length > 0 ? (
        <p className="mt-4 text-sm">
          {links.map((link, i) => (
            <Fragment key={link.to}>
              {i > 0 ? " · " : null}
              <Link className="underline" to={link.to}>
                {link.label}
              </Link>
            </Fragment>
          ))}
        </p>
      ) : null}
    </section>
  );
}
