import type { SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { refusalMessage } from "~/features/admin/form-schema";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { IntentFields } from "~/features/admin/ui/PostButton";
import { BarChart } from "~/features/admin/ui/BarChart";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { formatConfidence, formatCount, formatPercent, formatUplift, formatWebVital, WEB_VITAL_ORDER } from "./analytics-format";
import type { loadAnalyticsPage } from "./analytics.server";
import { BetaFunnel } from "./BetaFunnel";

const PATH = ADMIN_PATHS.analytics;

type Data = SerializeFrom<typeof loadAnalyticsPage>;

const rateText = (rate: number | null) => (rate === null ? "—" : formatPercent(rate));
const RATING_LABEL = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" } as const;

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink-muted">{children}</p>;
}

function RangeForm({ data }: { data: Data }) {
  const { range } = data;
  return (
    <section className="admin-panel" aria-labelledby="range-title">
      <h2 id="range-title">Date range</h2>
      {range.problem ? (
        <p className="field-error mb-3" role="alert" data-testid="range-problem">
          {range.problem} Showing the last 30 days instead.
        </p>
      ) : null}
      <Form method="get" action={PATH} className="filters" aria-labelledby="range-title">
        <div>
          <label className="field-label" htmlFor="an-from">
            From
          </label>
          <input className="field-input" id="an-from" type="date" name="from" defaultValue={range.from} required aria-describedby="an-range-hint" />
        </div>
        <div>
          <label className="field-label" htmlFor="an-to">
            To
          </label>
          <input className="field-input" id="an-to" type="date" name="to" defaultValue={range.to} required aria-describedby="an-range-hint" />
        </div>
        <div className="admin-actions">
          <button type="submit" className="btn btn-sm btn-primary">
            Show
          </button>
        </div>
      </Form>
      <p id="an-range-hint" className="field-hint">
        Whole days in UTC, both included, at most 366 days.{" "}
        {data.presets.map((preset, i) => (
          <span key={preset.days}>
            {i > 0 ? " · " : ""}
            <Link className="underline" to={`${PATH}?from=${preset.from}&to=${preset.to}`}>
              Last {preset.days} days
            </Link>
          </span>
        ))}
      </p>
    </section>
  );
}

function Tiles({ data }: { data: Data }) {
  const { totals, range, funnel } = data;
  const landing = funnel[0]!.n;
  return (
    <dl className="admin-grid mt-5" aria-label="Totals for the range">
      <div className="stat">
        <dt>Visitors</dt>
        <dd data-testid="stat-visitors">
          {totals.visitorsCappedDays > 0 ? "at least " : ""}
          {formatCount(totals.visitors)}
        </dd>
        <dd className="stat-note">
          with analytics consent; counted once a day
          {totals.visitorsCappedDays > 0 ? (
            <span data-testid="visitors-capped">
              ; {formatCount(totals.visitorsCappedDays)} {totals.visitorsCappedDays === 1 ? "day" : "days"} had more than the {formatCount(data.caps.visitors)} a
              day the counts keep apart
            </span>
          ) : null}
        </dd>
      </div>
      <div className="stat">
        <dt>Page views</dt>
        <dd data-testid="stat-page-views">{formatCount(totals.pageViews)}</dd>
        <dd className="stat-note">{formatCount(Math.round(totals.pageViews / range.days))} a day on average, all visitors</dd>
      </div>
      <div className="stat">
        <dt>Sign-ups</dt>
        <dd data-testid="stat-signups">{formatCount(totals.signups)}</dd>
        <dd className="stat-note">{landing > 0 ? `${formatPercent(totals.signups / landing)} of landing page views` : "no landing page views"}</dd>
      </div>
      <div className="stat">
        <dt>Conversion rate</dt>
        <dd data-testid="stat-conversion-rate">{rateText(totals.conversionRate)}</dd>
        <dd className="stat-note">
          {formatCount(totals.conversions)} conversions from {formatCount(totals.pageViews)} page views
        </dd>
      </div>
    </dl>
  );
}

function DailyChart({
  id,
  title,
  data,
  valueLabel,
  empty,
}: {
  id: string;
  title: string;
  data: Data["daily"]["pageViews"];
  valueLabel: string;
  empty: string;
}) {
  const total = data.reduce((sum, d) => sum + d.count, 0);
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {total === 0 ? <Empty>{empty}</Empty> : <BarChart dates={data.map((d) => d.date)} series={[{ label: valueLabel, values: data.map((d) => d.count) }]} label={title} />}
    </section>
  );
}

function CountTable({
  id,
  title,
  caption,
  keyLabel,
  rows,
  empty,
  otherNote,
}: {
  id: string;
  title: string;
  caption: string;
  keyLabel: string;
  rows: { key: string; n: number }[];
  empty: string;
  /** Said under the table when one of its rows is the day's "(other)". */
  otherNote: ReactNode;
}) {
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <AdminTable
          testId={id}
          caption={caption}
          captionHidden
          columns={[{ label: keyLabel }, { label: "Page views", numeric: true }, { label: "Share", numeric: true }]}
        >
          {rows.map((row) => (
            <tr key={row.key}>
              <td className="cell-clip">{row.key}</td>
              <td className="num">{formatCount(row.n)}</td>
              <td className="num">{formatPercent(row.n / total)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {otherNote}
    </section>
  );
}

/** What "(other)" stands for, when a table shows it (ADR 0047). */
function OtherNote({ data, shown, what }: { data: Data; shown: boolean; what: string }) {
  if (!shown) return null;
  return (
    <p className="field-hint" data-testid="other-note">
      {data.caps.other}: {what} past the first {formatCount(data.caps.values)} of a day, counted together.
    </p>
  );
}

function SourcesTable({ data }: { data: Data }) {
  return (
    <section className="admin-panel" aria-labelledby="sources-title">
      <h2 id="sources-title">UTM sources and their conversion rate</h2>
      {data.sources.length === 0 ? (
        <Empty>No page views in this range.</Empty>
      ) : (
        <AdminTable
          testId="sources"
          caption="Page views, conversions and conversion rate by UTM source"
          captionHidden
          columns={[{ label: "Source" }, { label: "Page views", numeric: true }, { label: "Conversions", numeric: true }, { label: "Rate", numeric: true }]}
        >
          {data.sources.map((row) => (
            <tr key={row.source ?? ""}>
              <td className="cell-clip">{row.source ?? <span className="muted">No UTM source (direct, search, links)</span>}</td>
              <td className="num">{formatCount(row.pageViews)}</td>
              <td className="num">{formatCount(row.conversions)}</td>
              <td className="num">{rateText(row.rate)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <p className="field-hint">Rate: conversion events per page view from that source.</p>
      <OtherNote data={data} shown={data.sources.some((row) => row.source === data.caps.other)} what="sources" />
    </section>
  );
}

function Funnel({ data }: { data: Data }) {
  const steps = data.funnel;
  const top = Math.max(1, ...steps.map((s) => s.n));
  const landing = steps[0]!.n;
  return (
    <section className="admin-panel" aria-labelledby="funnel-title">
      <h2 id="funnel-title">Sign-up form, step by step</h2>
      {steps.every((s) => s.n === 0) ? (
        <Empty>No landing page views or sign-up form activity in this range.</Empty>
      ) : (
        <ol className="funnel" data-testid="funnel">
          {steps.map((step, i) => {
            const previous = i > 0 ? steps[i - 1]!.n : null;
            return (
              <li key={step.key} data-step={step.key}>
                <div className="funnel-label">
                  <span>{step.label}</span>
                  <span>
                    <strong className="tabular-nums" data-testid={`funnel-${step.key}`}>
                      {formatCount(step.n)}
                    </strong>
                    {i > 0 ? (
                      <span className="text-ink-muted">
                        {" "}
                        · {landing > 0 ? `${formatPercent(step.n / landing)} of landing views` : "no landing views"}
                        {previous ? ` · ${formatPercent(step.n / previous)} of the step before` : ""}
                      </span>
                    ) : null}
                  </span>
                </div>
                <div className="funnel-track" aria-hidden="true">
                  <div className="funnel-bar" style={{ width: `${(step.n / top) * 100}%` }} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="field-hint">Event counts: landing views are page views of / and /home; the form steps are those of the beta sign-up form.</p>
    </section>
  );
}

function AbTestCard({ test }: { test: Data["abTests"][number] }) {
  const id = `ab-${test.name}`;
  const nothing = test.impressions === 0 && test.browserImpressions === 0 && test.conversions === 0;
  return (
    <section className="admin-panel" aria-labelledby={id} data-testid={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="font-bold">
          <code>{test.name}</code>
        </h3>
        <span className={`pill ${test.enabled ? "pill-on" : "pill-off"}`}>{test.enabled ? "Running" : "Stopped"}</span>
      </div>
      {nothing ? (
        <Empty>No impressions of this test in this range.</Empty>
      ) : (
        <>
          {test.srm?.mismatch ? (
            <p className="ab-srm-warning" role="alert" data-testid={`${id}-srm`}>
              Sample-ratio mismatch: the traffic split differs from the configured weights far more than chance allows (χ² = {test.srm.chiSquare.toFixed(1)},{" "}
              {test.srm.df} df, p {test.srm.p < 0.0001 ? "< 0.0001" : `= ${test.srm.p.toFixed(4)}`}). Check the assignment and the impression tracking before
              trusting these results.
            </p>
          ) : null}
          {test.impressions === 0 ? (
            <p className="mt-2 text-ink-muted" data-testid={`${id}-unserved`}>
              The server counted no impressions of this test in this range, so there is no result to show.
            </p>
          ) : test.headline ? (
            <p className="mt-2" data-testid={`${id}-headline`}>
              {test.headline}
              {test.significant ? null : <span className="text-ink-muted"> Not significant at 95% yet: keep the test running.</span>}
            </p>
          ) : null}
          <AdminTable
            className="mt-3"
            caption={`Variants of ${test.name}`}
            captionHidden
            columns={[
              { label: "Variant" },
              { label: "Weight", numeric: true },
              { label: "Impressions", numeric: true },
              { label: "Conversions", numeric: true },
              { label: "Rate (95% interval)", numeric: true },
              { label: <>Uplift vs {test.controlId}</>, numeric: true },
              { label: "Confidence", numeric: true },
            ]}
          >
            {test.variants.map((v) => (
              <tr key={v.id} data-variant={v.id}>
                <th scope="row" className="cell-clip">
                  <code>{v.id}</code>
                  <span className="block muted font-normal">{v.label ?? "no longer configured"}</span>
                </th>
                <td className="num">{v.weight === null ? "—" : `${v.weight}%`}</td>
                <td className="num">{formatCount(v.impressions)}</td>
                <td className="num">{formatCount(v.conversions)}</td>
                <td className="num">
                  {rateText(v.rate)}
                  {v.interval ? <span className="block muted">{`${formatPercent(v.interval.low)}–${formatPercent(v.interval.high)}`}</span> : null}
                </td>
                <td className="num">{v.isControl ? "control" : v.uplift === null ? "—" : formatUplift(v.uplift)}</td>
                <td className="num">{v.isControl || v.confidence === null ? "—" : formatConfidence(v.confidence)}</td>
              </tr>
            ))}
          </AdminTable>
          {test.srm && !test.srm.mismatch ? (
            <p className="field-hint">
              Traffic split matches the weights (χ² = {test.srm.chiSquare.toFixed(1)}, p = {test.srm.p.toFixed(3)}).
            </p>
          ) : null}
          {test.srmNote ? <p className="field-hint">{test.srmNote}</p> : null}
          <p className="field-hint" data-testid={`${id}-browser-impressions`}>
            Reported by browsers, not used above:{" "}
            {test.browserImpressions === 0
              ? "no impressions."
              : `${test.variants
                  .filter((v) => v.browserImpressions > 0)
                  .map((v) => `${v.id} ${formatCount(v.browserImpressions)}`)
                  .join(" · ")} impressions.`}
          </p>
        </>
      )}
    </section>
  );
}

function WebVitals({ data }: { data: Data }) {
  const pages = data.webVitals;
  const metrics = WEB_VITAL_ORDER.filter((m) => pages.some((p) => p.metrics[m]));
  return (
    <section className="admin-panel" aria-labelledby="vitals-title">
      <h2 id="vitals-title">Web vitals, 75th percentile per page</h2>
      {pages.length === 0 ? (
        <Empty>No web vitals were reported in this range.</Empty>
      ) : (
        <AdminTable
          testId="web-vitals"
          caption="75th percentile of each web vital per page, with its rating"
          captionHidden
          columns={[{ label: "Page" }, ...metrics.map((m) => ({ label: m }))]}
        >
          {pages.map((page) => (
            <tr key={page.path}>
              <th scope="row" className="cell-clip">
                {page.path}
              </th>
              {metrics.map((m) => {
                const cell = page.metrics[m];
                return (
                  <td key={m} data-metric={m}>
                    {cell ? (
                      <>
                        <span className="tabular-nums">{formatWebVital(m, cell.p75)}</span>{" "}
                        <span className={`pill vital-${cell.rating}`}>{RATING_LABEL[cell.rating]}</span>
                        <span className="block muted">{`${formatCount(cell.samples)} samples`}</span>
                      </>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </AdminTable>
      )}
      <p className="field-hint">
        Nearest-rank 75th percentile of the values browsers reported; rated with the thresholds good ≤ LCP 2,500 ms, INP 200 ms, CLS 0.1, FCP 1,800 ms, TTFB 800
        ms; poor above LCP 4,000 ms, INP 500 ms, CLS 0.25, FCP 3,000 ms, TTFB 1,800 ms.
      </p>
    </section>
  );
}

/** The two daily charts: page views (all visitors), and visitors (analytics consent only). */
const dailyCharts = (data: Data) => [
  { id: "chart-page-views", title: "Page views per day", data: data.daily.pageViews, valueLabel: "Page views", empty: "No page views in this range." },
  {
    id: "chart-visitors",
    title: "Visitors per day (analytics consent)",
    data: data.daily.visitors,
    valueLabel: "Visitors",
    empty: "No visitors with analytics consent in this range.",
  },
];

/** The two top-N tables of page views: by page, and by referring site. */
const countTables = (data: Data) => [
  {
    id: "top-pages",
    title: "Top pages",
    caption: "The most viewed pages",
    keyLabel: "Page",
    rows: data.topPages.map((r) => ({ key: r.path, n: r.n })),
    empty: "No page views in this range.",
    otherNote: <OtherNote data={data} shown={data.topPages.some((r) => r.path === data.caps.other)} what="pages" />,
  },
  {
    id: "referrers",
    title: "Referrers",
    caption: "Page views by referring site",
    keyLabel: "Referring site",
    rows: data.referrers.map((r) => ({ key: r.host, n: r.n })),
    empty: "No page views came from another site in this range.",
    otherNote: <OtherNote data={data} shown={data.referrers.some((r) => r.host === data.caps.other)} what="referring sites" />,
  },
];

/** The pipeline behind these figures (ADR 0037): dead letters, the retention in force, the move of old events. */
function PipelinePanel({ data }: { data: Data }) {
  const { deadLetters, retention, move } = data.pipeline;
  return (
    <section className="admin-panel mt-5" aria-labelledby="pipeline-title">
      <h2 id="pipeline-title">Data and pipeline</h2>
      <dl className="grid gap-2 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <dt>
            Dead-lettered messages <span className="text-ink-muted">· batches of events the queue gave up on after its retries; not counted above</span>
          </dt>
          <dd className="flex items-center gap-3">
            <span className="tabular-nums font-semibold" data-testid="dead-letters">
              {formatCount(deadLetters)}
            </span>
            {deadLetters > 0 ? (
              <Form method="post">
                <IntentFields intent="replay-dead-letters" />
                <button type="submit" className="btn btn-xs btn-secondary">
                  Replay dead letters
                </button>
              </Form>
            ) : null}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-4">
          <dt>
            Events moved from the site database <span className="text-ink-muted">· stored before analytics had a database of its own</span>
          </dt>
          <dd className="tabular-nums font-semibold" data-testid="events-moved">
            {formatCount(move.moved)}
            {move.finishedAt ? "" : move.moved > 0 ? " (moving)" : ""}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-4">
          <dt>
            Raw events kept <span className="text-ink-muted">· web vitals need them</span>
          </dt>
          <dd className="tabular-nums font-semibold" data-testid="retention-events">
            {formatCount(retention.eventsDays)} days
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-4">
          <dt>
            Daily counts kept <span className="text-ink-muted">· every other figure on this page</span>
          </dt>
          <dd className="tabular-nums font-semibold" data-testid="retention-counts">
            {formatCount(retention.countsDays)} days
          </dd>
        </div>
      </dl>
      <p className="field-hint mt-3">
        How long each is kept is set under{" "}
        <Link to={`${ADMIN_PATHS.settings}#analytics-retention-title`} className="underline">
          settings
        </Link>
        .
      </p>
    </section>
  );
}

export function AnalyticsPage() {
  const data = useLoaderData<typeof loadAnalyticsPage>();
  const result = useActionData<SubmissionResult<string[]>>();
  const { range } = data;
  return (
    <>
      <PageHeader
        title="Analytics"
        description={
          <>
            First-party, consent-aware analytics from {range.from} to {range.to} (UTC, {range.days} days). Visitors who did not allow analytics are counted in
            page views and events, never identified.
          </>
        }
      />
      <AlertMessage message={refusalMessage(result)} testId="analytics-refusal" />
      <RangeForm data={data} />
      <Tiles data={data} />
      <BetaFunnel data={data} />

      <div className="analytics-grid mt-5">
        {dailyCharts(data).map((chart) => (
          <DailyChart key={chart.id} {...chart} />
        ))}
        {countTables(data).map((table) => (
          <CountTable key={table.id} {...table} />
        ))}
        <SourcesTable data={data} />
        <Funnel data={data} />
      </div>

      <section className="mt-5" aria-labelledby="ab-title">
        <h2 id="ab-title" className="mb-3 text-lg font-bold">
          A/B tests
        </h2>
        <div className="ab-tests">
          {data.abTests.map((test) => (
            <AbTestCard key={test.name} test={test} />
          ))}
        </div>
        <p className="field-hint mt-3">
          Conversion rate = confirmed sign-ups per impression, both counted by the server: an impression is a page it served with the variant (at most one a minute
          per visitor), a conversion a sign-up whose address was confirmed, for the variants that visitor was shown when signing up. Events a browser posts
          never count; the impressions browsers reported are shown apart under each test. Uplift is relative to control; confidence is 1 − p of a two-sided
          two-proportion z-test. The split
          check is a chi-square test of impressions against the configured weights, flagged when p &lt; 0.001. Weights and variants are edited under{" "}
          <Link to="/admin/settings" className="underline">
            settings
          </Link>
          .
        </p>
      </section>

      <div className="mt-5">
        <WebVitals data={data} />
      </div>
      <PipelinePanel data={data} />
    </>
  );
}
