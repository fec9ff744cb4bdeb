import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { EmailStatusPanel } from "~/features/admin/email/EmailStatusPanel";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { BarChart } from "~/features/admin/ui/BarChart";
import { humanize, intentLabel } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { DASHBOARD_CHART_DAYS } from "~/lib/constants";
import { formatUtcDateTime } from "~/lib/dates";
import type { loadDashboardPage } from "./dashboard.server";

function trend(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "no change on the week before" : "up from none the week before";
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return "same as the week before";
  return `${change > 0 ? "+" : ""}${change}% on the week before`;
}

function Breakdown({ title, rows, label = humanize }: { title: string; rows: { key: string; n: number }[]; label?: (key: string) => string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink-muted">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No sign-ups yet.</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-4">
              <span>{label(row.key)}</span>
              <span className="tabular-nums font-semibold">{row.n.toLocaleString("en")}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const onOff = (value: boolean | null) => (value ? "On" : "Off");

/** The waitlist's statuses as the sign-ups card counts them (ADR 0031). */
const WAITLIST_STATUS_ORDER = ["confirmed", "pending", "unsubscribed"] as const;

export function DashboardPage() {
  const data = useLoaderData<typeof loadDashboardPage>();
  const { signups } = data;
  return (
    <>
      <PageHeader title="Dashboard" description="Sign-ups, messages, reviews and settings at a glance." />
      <dl className="admin-grid" aria-label="Totals">
        <div className="stat">
          <dt>Beta sign-ups</dt>
          <dd data-testid="stat-signups">{signups.total.toLocaleString("en")}</dd>
          <dd className="stat-note">
            {signups.last7.toLocaleString("en")} in the last 7 days ({trend(signups.last7, signups.previous7)}), {signups.last30.toLocaleString("en")} in
            the last 30
          </dd>
          <dd className="stat-note" data-testid="stat-statuses">
            {WAITLIST_STATUS_ORDER.map((status, i) => (
              <Fragment key={status}>
                {i > 0 ? " · " : null}
                <Link className="underline" to={`${ADMIN_PATHS.betaTesters}?intent=beta_testing&status=${status}`}>
                  {/* Confirmed beta sign-ups are the testers in line: counted by the line's own rule. */}
                  {(status === "confirmed" ? signups.testers : signups.byStatus[status]).toLocaleString("en")} {status}
                </Link>
              </Fragment>
            ))}
          </dd>
        </div>
        <div className="stat">
          <dt>Notify-me requests</dt>
          <dd data-testid="stat-notify-me">{data.notifyMe.total.toLocaleString("en")}</dd>
          <dd className="stat-note" data-testid="stat-notify-platforms">
            Android {data.notifyMe.android.toLocaleString("en")} · macOS {data.notifyMe.macos.toLocaleString("en")} · Chrome extension{" "}
            {data.notifyMe.chromeExtension.toLocaleString("en")}
          </dd>
          <dd className="stat-note">
            <Link className="underline" to={`${ADMIN_PATHS.betaTesters}?intent=waitlist`}>
              {(data.notifyMe.total - data.notifyMe.alsoBeta).toLocaleString("en")} not in the beta
            </Link>
          </dd>
        </div>
        <div className="stat">
          <dt>Unread messages</dt>
          <dd>{data.contacts.unread.toLocaleString("en")}</dd>
          <dd className="stat-note">
            of {data.contacts.total.toLocaleString("en")} ·{" "}
            <Link className="underline" to="/admin/contact-submissions">
              open inbox
            </Link>
          </dd>
        </div>
        <div className="stat">
          <dt>Reviews shown</dt>
          <dd>{data.reviews.active.toLocaleString("en")}</dd>
          <dd className="stat-note">
            {data.reviews.featured} featured · {data.reviews.total} in total
          </dd>
        </div>
      </dl>

      <div className="admin-grid-2 mt-5">
        <section className="admin-panel" aria-labelledby="chart-title">
          <h2 id="chart-title">Daily sign-ups, last {DASHBOARD_CHART_DAYS} days (UTC)</h2>
          <BarChart
            dates={data.chart.dates}
            series={[
              { label: "Beta sign-ups", values: data.chart.beta },
              { label: "Notify-me requests", values: data.chart.notifyMe },
            ]}
            label={`Daily beta sign-ups and notify-me requests, last ${DASHBOARD_CHART_DAYS} days`}
          />
        </section>
        <section className="admin-panel" aria-labelledby="breakdown-title">
          <h2 id="breakdown-title">Sign-ups by intent and source</h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <Breakdown title="Intent" rows={signups.byIntent} label={intentLabel} />
            <Breakdown title="Source" rows={signups.bySource} />
          </div>
          <p className="mt-4 text-sm">
            <Link className="underline" to="/admin/beta-testers">
              See every beta tester
            </Link>
          </p>
        </section>
        <EmailStatusPanel summary={data.email} outboxLink />
        <section className="admin-panel" aria-labelledby="settings-title">
          <h2 id="settings-title">Current settings</h2>
          <ul className="grid gap-2 text-sm">
            <li className="flex justify-between gap-4">
              <span>Customer reviews on the landing page</span>
              <span className="pill">{onOff(data.settings.show_customer_reviews)}</span>
            </li>
            <li className="flex justify-between gap-4">
              <span>Promotion page as the entry page</span>
              <span className="pill">{onOff(data.settings.promotion_as_entry_page)}</span>
            </li>
            {data.abTests.map((test) => (
              <li key={test.name} className="flex justify-between gap-4">
                <span>
                  A/B test <code>{test.name}</code> ({test.variants} variants)
                </span>
                <span className="pill">{test.enabled ? "Running" : "Stopped"}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <Link className="underline" to="/admin/settings">
              Change settings
            </Link>
          </p>
        </section>
        <section className="admin-panel lg:col-span-2" aria-labelledby="audit-title">
          <h2 id="audit-title">Recent admin activity</h2>
          {data.audit.length === 0 ? (
            <p className="text-sm text-ink-muted">Nothing has been changed yet.</p>
          ) : (
            <ol className="audit-list" data-testid="audit-log">
              {data.audit.map((entry) => (
                <li key={entry.id}>
                  <span>
                    <strong>{entry.adminEmail}</strong> {entry.action}
                    {entry.target ? <> · {entry.target}</> : null}
                  </span>
                  <time dateTime={entry.createdAt}>{formatUtcDateTime(entry.createdAt)}</time>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-4 text-sm">
            <Link className="underline" to={ADMIN_PATHS.auditLog} data-testid="audit-log-link">
              See the whole audit log
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
