/**
 * The beta funnel's figures (ADR 0055), pure: each step's count and rate for the range and the period
 * before, the trend between them, and the splits with the analytics figure that stands for their
 * visitors. The counts come from funnel.server.ts and the analytics batch.
 */
import { rateOf } from "./analytics-format";
import type { DateRange } from "./analytics-report";
import type { FunnelCohorts, FunnelCounts, FunnelSplitRow } from "./funnel.server";

export type FunnelStepKey = "visitors" | "signups" | "confirmed" | "invited";

export interface FunnelPeriod {
  /** Distinct visitors a day with analytics consent, summed over the days. */
  visitors: number;
  /** Days whose visitors reached the daily cap: the figure is then a floor. */
  visitorsCappedDays: number;
  cohort: FunnelCounts;
}

export interface FunnelStep {
  key: FunnelStepKey;
  label: string;
  /** What the rate is a share of ("of visitors"); null for the first step. */
  rateOf: string | null;
  n: number;
  previous: number;
  /** This step against the step before; null without the step before or when it was 0. */
  rate: number | null;
  previousRate: number | null;
  /** The count's relative change (null when the previous period had none). */
  change: number | null;
  /** The rate's change in percentage points (null unless both periods have a rate). */
  rateChange: number | null;
}

export interface FunnelReferrals {
  n: number;
  previous: number;
  change: number | null;
  /** Referred sign-ups among all sign-ups. */
  share: number | null;
  confirmed: number;
  /** Referred sign-ups who confirmed. */
  confirmationRate: number | null;
  previousConfirmationRate: number | null;
  rateChange: number | null;
}

/** A split's row: its cohort's steps and their rates. */
export interface FunnelSplitReport extends FunnelSplitRow {
  /** Its analytics figure standing for visitors (served impressions, page views), or null where there is none. */
  reach: number | null;
  signupRate: number | null;
  confirmationRate: number | null;
  referredConfirmationRate: number | null;
  invitationRate: number | null;
}

/** The period of the same length just before the range: the trend's baseline (UTC days, both included). */
export function previousPeriod(range: Pick<DateRange, "from" | "days">): { from: string; to: string } {
  const day = (offset: number) => {
    const date = new Date(`${range.from}T00:00:00.000Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  return { from: day(-range.days), to: day(-1) };
}

const changeOf = (now: number, before: number): number | null => (before > 0 ? (now - before) / before : null);
const pointsBetween = (now: number | null, before: number | null): number | null => (now === null || before === null ? null : (now - before) * 100);

const STEPS: { key: FunnelStepKey; label: string; rateOf: string | null; count: (p: FunnelPeriod) => number }[] = [
  { key: "visitors", label: "Visitors", rateOf: null, count: (p) => p.visitors },
  { key: "signups", label: "Beta sign-ups", rateOf: "of visitors", count: (p) => p.cohort.signups },
  { key: "confirmed", label: "Confirmed", rateOf: "of sign-ups", count: (p) => p.cohort.confirmed },
  { key: "invited", label: "Invited", rateOf: "of confirmed", count: (p) => p.cohort.invited },
];

export function funnelSteps(current: FunnelPeriod, previous: FunnelPeriod): FunnelStep[] {
  return STEPS.map((step, i) => {
    const before = STEPS[i - 1];
    const n = step.count(current);
    const was = step.count(previous);
    const rate = before ? rateOf(n, before.count(current)) : null;
    const previousRate = before ? rateOf(was, before.count(previous)) : null;
    return { key: step.key, label: step.label, rateOf: step.rateOf, n, previous: was, rate, previousRate, change: changeOf(n, was), rateChange: pointsBetween(rate, previousRate) };
  });
}

export function funnelReferrals(current: FunnelCounts, previous: FunnelCounts): FunnelReferrals {
  const confirmationRate = rateOf(current.referredConfirmed, current.referred);
  const previousConfirmationRate = rateOf(previous.referredConfirmed, previous.referred);
  return {
    n: current.referred,
    previous: previous.referred,
    change: changeOf(current.referred, previous.referred),
    share: rateOf(current.referred, current.signups),
    confirmed: current.referredConfirmed,
    confirmationRate,
    previousConfirmationRate,
    rateChange: pointsBetween(confirmationRate, previousConfirmationRate),
  };
}

export function funnelSplit(rows: readonly FunnelSplitRow[], reachOf: (row: FunnelSplitRow) => number | null): FunnelSplitReport[] {
  return rows.map((row) => {
    const reach = reachOf(row);
    return {
      ...row,
      reach,
      signupRate: reach === null ? null : rateOf(row.signups, reach),
      confirmationRate: rateOf(row.confirmed, row.signups),
      referredConfirmationRate: rateOf(row.referredConfirmed, row.referred),
      invitationRate: rateOf(row.invited, row.confirmed),
    };
  });
}

/** The whole funnel of the page: steps, referrals and the three splits. */
export function funnelReport(
  range: Pick<DateRange, "from" | "days">,
  cohorts: FunnelCohorts,
  visitors: { current: number; currentCappedDays: number; previous: number; previousCappedDays: number },
  reach: { servedImpressions: (test: string, variant: string) => number; pageViewsFromSource: (utmSource: string) => number | null },
) {
  const current: FunnelPeriod = { visitors: visitors.current, visitorsCappedDays: visitors.currentCappedDays, cohort: cohorts.current };
  const previous: FunnelPeriod = { visitors: visitors.previous, visitorsCappedDays: visitors.previousCappedDays, cohort: cohorts.previous };
  return {
    previousRange: previousPeriod(range),
    steps: funnelSteps(current, previous),
    referrals: funnelReferrals(cohorts.current, cohorts.previous),
    visitorsCappedDays: { current: visitors.currentCappedDays, previous: visitors.previousCappedDays },
    byVariant: funnelSplit(cohorts.byVariant, (row) => reach.servedImpressions(row.test ?? "", row.value)),
    bySource: funnelSplit(cohorts.bySource, (row) => reach.pageViewsFromSource(row.value)),
    byForm: funnelSplit(cohorts.byForm, () => null),
  };
}

export type FunnelReport = ReturnType<typeof funnelReport>;
