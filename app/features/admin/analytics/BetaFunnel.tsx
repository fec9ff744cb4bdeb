import type { SerializeFrom } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { formatCount, formatPercent, formatPoints, formatUplift } from "./analytics-format";
import type { loadAnalyticsPage } from "./analytics.server";

type Data = SerializeFrom<typeof loadAnalyticsPage>;
type Funnel = Data["betaFunnel"];
type Step = Funnel["steps"][number];
type SplitRow = Funnel["byVariant"][number];

const rateText = (rate: number | null) => (rate === null ? "—" : formatPercent(rate));

/** "+20% (10 → 12)": the count's change against the period before, with both counts. */
function CountTrend({ n, previous, change }: { n: number; previous: number; change: number | null }) {
  const direction = n > previous ? "up" : n < previous ? "down" : "flat";
  return (
    <span className={`trend trend-${direction}`}>
      {change === null ? (n === 0 ? "none before either" : "new: none before") : formatUplift(change)}{" "}
      <span className="text-ink-muted">
        ({formatCount(previous)} → {formatCount(n)})
      </span>
    </span>
  );
}

function StepRow({ step, top }: { step: Step; top: number }) {
  return (
    <li data-step={step.key}>
      <div className="funnel-label">
        <span className="font-semibold">{step.label}</span>
        <span>
          <strong className="tabular-nums" data-testid={`beta-funnel-${step.key}`}>
            {formatCount(step.n)}
          </strong>
          {step.rateOf ? (
            <span className="text-ink-muted">
              {" "}
              · <span data-testid={`beta-funnel-${step.key}-rate`}>{rateText(step.rate)}</span> {step.rateOf}
            </span>
          ) : null}
        </span>
      </div>
      <div className="funnel-track" aria-hidden="true">
        <div className="funnel-bar" style={{ width: `${(step.n / top) * 100}%` }} />
      </div>
      <p className="funnel-trend" data-testid={`beta-funnel-${step.key}-trend`}>
        Before: <CountTrend n={step.n} previous={step.previous} change={step.change} />
        {step.rateOf ? (
          <>
            {" "}
            · rate {rateText(step.previousRate)} → {rateText(step.rate)}
            {step.rateChange === null ? "" : ` (${formatPoints(step.rateChange)})`}
          </>
        ) : null}
      </p>
    </li>
  );
}

function Referrals({ funnel }: { funnel: Funnel }) {
  const r = funnel.referrals;
  return (
    <div className="funnel-aside" data-testid="beta-funnel-referrals">
      <p>
        <strong>Referred sign-ups:</strong> <span data-testid="beta-funnel-referred">{formatCount(r.n)}</span>
        <span className="text-ink-muted"> · {rateText(r.share)} of sign-ups</span>
      </p>
      <p>
        <strong>Their confirmation rate:</strong> <span data-testid="beta-funnel-referred-rate">{rateText(r.confirmationRate)}</span>
        <span className="text-ink-muted"> · {formatCount(r.confirmed)} confirmed</span>
      </p>
      <p className="funnel-trend" data-testid="beta-funnel-referred-trend">
        Before: <CountTrend n={r.n} previous={r.previous} change={r.change} /> · rate {rateText(r.previousConfirmationRate)} → {rateText(r.confirmationRate)}
        {r.rateChange === null ? "" : ` (${formatPoints(r.rateChange)})`}
      </p>
    </div>
  );
}

/** A count with its rate under it; `label` heads it when the row is a card (narrow screens). */
function Cell({ label, n, rate }: { label: string; n: number; rate?: number | null }) {
  return (
    <td className="num" data-label={label}>
      {formatCount(n)}
      {rate === undefined ? null : <span className="block muted">{rateText(rate)}</span>}
    </td>
  );
}

function SplitTable({
  id,
  title,
  caption,
  keyLabel,
  reachLabel,
  rows,
  keyOf,
  empty,
  note,
}: {
  id: string;
  title: string;
  caption: string;
  keyLabel: string;
  reachLabel: string | null;
  rows: SplitRow[];
  keyOf: (row: SplitRow) => ReactNode;
  empty: string;
  note: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <AdminTable
          className="funnel-split-wrap mt-3"
          testId={id}
          caption={caption}
          captionHidden
          columns={[
            { label: keyLabel },
            ...(reachLabel ? [{ label: reachLabel, numeric: true }] : []),
            { label: "Sign-ups", numeric: true },
            { label: "Confirmed", numeric: true },
            { label: "Referred", numeric: true },
            { label: "Invited", numeric: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={`${row.test ?? ""}\u0000${row.value}`} data-split={row.test ? `${row.test}:${row.value}` : row.value}>
              <th scope="row" className="cell-clip">
                {keyOf(row)}
              </th>
              {reachLabel ? (
                <td className="num" data-label={reachLabel}>
                  {row.reach === null ? "—" : formatCount(row.reach)}
                </td>
              ) : null}
              <Cell label="Sign-ups" n={row.signups} rate={reachLabel ? row.signupRate : undefined} />
              <Cell label="Confirmed" n={row.confirmed} rate={row.confirmationRate} />
              <Cell label="Referred" n={row.referred} rate={row.referredConfirmationRate} />
              <Cell label="Invited" n={row.invited} rate={row.invitationRate} />
            </tr>
          ))}
        </AdminTable>
      )}
      <p className="field-hint">{note}</p>
    </section>
  );
}

/**
 * The beta funnel (ADR 0055): visitors, sign-ups, confirmed, invited, and referred sign-ups, with
 * each step's rate and its trend against the period before, then the cohort split three ways.
 */
export function BetaFunnel({ data }: { data: Data }) {
  const funnel = data.betaFunnel;
  const { range } = data;
  const before = funnel.previousRange;
  const top = Math.max(1, ...funnel.steps.map((s) => s.n));
  return (
    <section className="admin-panel mt-5" aria-labelledby="beta-funnel-title" data-testid="beta-funnel">
      <h2 id="beta-funnel-title">Beta funnel: visitors to invited</h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="beta-funnel-basis">
        People who signed up for the beta from {range.from} to {range.to}, counted by their sign-up date: confirmed and invited say how many of them have
        confirmed or been invited by now, whenever that happened. Before: the {formatCount(range.days)} days from {before.from} to {before.to}.
      </p>
      <div className="beta-funnel-layout mt-4">
        <ol className="funnel" aria-label="Funnel steps">
          {funnel.steps.map((step) => (
            <StepRow key={step.key} step={step} top={top} />
          ))}
        </ol>
        <Referrals funnel={funnel} />
      </div>
      <ul className="funnel-notes field-hint mt-4" data-testid="beta-funnel-notes">
        <li>
          Visitors are counted only when they allowed analytics (once a day each
          {funnel.visitorsCappedDays.current > 0 ? `; ${formatCount(funnel.visitorsCappedDays.current)} days reached the daily cap, so it is a floor` : ""}
          ). Sign-ups are counted whether or not they did, so the rate of visitors can pass 100%.
        </li>
        <li>Beta sign-ups only: notify-me requests are their own list, and people imported from a file did not sign up here.</li>
        <li>Confirmed includes people who confirmed and left since; someone who deleted their data is no longer counted anywhere.</li>
        <li>Installs are counted by App Store Connect, not by us. Emails carry no tracking, so opens and clicks are never counted.</li>
      </ul>

      <div className="funnel-splits mt-5">
        <SplitTable
          id="beta-funnel-by-variant"
          title="By A/B variant"
          caption="The funnel by A/B test and variant"
          keyLabel="Test · variant"
          reachLabel="Served"
          rows={funnel.byVariant}
          keyOf={(row) => (
            <>
              <code>{row.value}</code>
              <span className="block muted font-normal">{row.test}</span>
            </>
          )}
          empty="No sign-up of this range was shown a running test."
          note="Served: pages the server served with the variant (ADR 0047). Each person counts once per test, under the variant they saw when signing up."
        />
        <SplitTable
          id="beta-funnel-by-source"
          title="By UTM source"
          caption="The funnel by UTM source"
          keyLabel="Source"
          reachLabel="Page views"
          rows={funnel.bySource}
          keyOf={(row) => row.value || <span className="muted">No UTM source</span>}
          empty="No sign-ups in this range."
          note="Page views: from the analytics of visitors with that source (its top sources only). The 10 sources with the most sign-ups."
        />
        <SplitTable
          id="beta-funnel-by-form"
          title="By sign-up form"
          caption="The funnel by the form people signed up with"
          keyLabel="Form"
          reachLabel={null}
          rows={funnel.byForm}
          keyOf={(row) => <code>{row.value}</code>}
          empty="No sign-ups in this range."
          note="Which of the site's forms they used."
        />
      </div>
      <p className="field-hint mt-3">
        Under each count, its rate: sign-ups per page served or viewed; confirmed per sign-up; referred: the share of them who confirmed; invited per
        confirmed.
      </p>
    </section>
  );
}
