/**
 * The beta funnel of the analytics page (issue 31, ADR 0055), counted by the server from the site's
 * database: beta sign-ups of a range (the cohort, by sign-up date), and how many of them confirmed,
 * came through a referral, and were invited; the same for the period before, and the range's cohort
 * split by A/B variant, UTM source and sign-up form. Two statements in one D1 batch, each seeking the
 * range's beta sign-ups through waitlist_intent_created_at_idx (the query-plan test holds them to it).
 * Visitors come from the analytics database, in the page's own batch (analytics-queries.mjs).
 */
import { rangeBounds } from "./analytics-queries.mjs";
import type { DateRange } from "./analytics-report";
import { previousPeriod } from "./funnel-report";

/** A beta sign-up that came through the site: notify-me requests are their own list (ADR 0048), imports did not sign up here (ADR 0053). */
const COHORT = "w.intent = 'beta_testing' AND w.imported_at IS NULL";
/** Confirmed their address once (or joined while email was off), whether or not they left since: unsubscribing needs a confirmed entry. */
const CONFIRMED = "(w.status <> 'pending' OR w.confirmed_at IS NOT NULL)";
/** Came through a referral link: referred_by, or the referral ledger's row when the referrer has deleted their data (ADR 0045). */
const REFERRED = "(w.referred_by IS NOT NULL OR EXISTS (SELECT 1 FROM referral_credits AS c WHERE c.waitlist_id = w.id))";
/** The beta invitation went out (set when the provider accepted it, ADR 0036). */
const INVITED = "w.invited_at IS NOT NULL";

const STEP_SUMS = `count(*) AS signups,
  coalesce(sum(${CONFIRMED}), 0) AS confirmed,
  coalesce(sum(${REFERRED}), 0) AS referred,
  coalesce(sum(${REFERRED} AND ${CONFIRMED}), 0) AS referredConfirmed,
  coalesce(sum(${INVITED}), 0) AS invited`;

/** Rows kept per split by UTM source (the busiest first). */
export const FUNNEL_SPLIT_ROWS = 10;

/**
 * The statements, exported for the query-plan test. ?1 and ?2: the range's bounds (rangeBounds); the
 * totals also take ?3, the start of the period before, of the same length.
 */
export const FUNNEL_QUERIES = {
  /** The range's cohort and the previous period's (`current` 1 and 0): one row each that has sign-ups. */
  totals: `SELECT w.created_at >= ?1 AS current, ${STEP_SUMS}
FROM waitlist AS w
WHERE w.created_at >= ?3 AND w.created_at < ?2 AND ${COHORT}
GROUP BY current`,

  /**
   * The range's cohort by A/B test and variant (the variants shown at sign-up, one row per test: a
   * person counts once in each test), by UTM source ('' for none) and by sign-up form.
   */
  splits: `WITH cohort AS MATERIALIZED (
  SELECT w.signup_variants AS variants, coalesce(json_extract(w.metadata, '$.utm_source'), '') AS utm, w.source AS form,
    ${CONFIRMED} AS isConfirmed, ${REFERRED} AS isReferred, ${INVITED} AS isInvited
  FROM waitlist AS w
  WHERE w.created_at >= ?1 AND w.created_at < ?2 AND ${COHORT}
), sums AS (
  SELECT count(*) AS signups, sum(isConfirmed) AS confirmed, sum(isReferred) AS referred, sum(isReferred AND isConfirmed) AS referredConfirmed, sum(isInvited) AS invited
  FROM cohort
)
SELECT 'variant' AS split, v.key AS test, v.value AS value, count(*) AS signups, sum(isConfirmed) AS confirmed, sum(isReferred) AS referred,
  sum(isReferred AND isConfirmed) AS referredConfirmed, sum(isInvited) AS invited
FROM cohort, json_each(cohort.variants) AS v
WHERE json_valid(cohort.variants) AND v.type = 'text'
GROUP BY v.key, v.value
UNION ALL
SELECT * FROM (
  SELECT 'utm', NULL, utm, count(*) AS signups, sum(isConfirmed), sum(isReferred), sum(isReferred AND isConfirmed), sum(isInvited)
  FROM cohort GROUP BY utm ORDER BY signups DESC, utm LIMIT ${FUNNEL_SPLIT_ROWS}
)
UNION ALL
SELECT 'form', NULL, form, count(*), sum(isConfirmed), sum(isReferred), sum(isReferred AND isConfirmed), sum(isInvited)
FROM cohort GROUP BY form`,
} as const;

export interface FunnelCounts {
  signups: number;
  confirmed: number;
  referred: number;
  referredConfirmed: number;
  invited: number;
}

export interface FunnelSplitRow extends FunnelCounts {
  /** The A/B test, for the variant split. */
  test: string | null;
  /** The variant, the UTM source ('' for none) or the sign-up form. */
  value: string;
}

export interface FunnelCohorts {
  current: FunnelCounts;
  previous: FunnelCounts;
  byVariant: FunnelSplitRow[];
  bySource: FunnelSplitRow[];
  byForm: FunnelSplitRow[];
}

const NONE: FunnelCounts = { signups: 0, confirmed: 0, referred: 0, referredConfirmed: 0, invited: 0 };

const counts = (row: Partial<Record<keyof FunnelCounts, unknown>> | undefined): FunnelCounts =>
  row
    ? {
        signups: Number(row.signups ?? 0),
        confirmed: Number(row.confirmed ?? 0),
        referred: Number(row.referred ?? 0),
        referredConfirmed: Number(row.referredConfirmed ?? 0),
        invited: Number(row.invited ?? 0),
      }
    : NONE;

/** The cohorts of the range and of the period before, and the range's splits: 2 statements, 1 call. */
export async function loadFunnelCohorts(d1: D1Database, range: DateRange): Promise<FunnelCohorts> {
  const [start, end] = rangeBounds(range.from, range.to);
  const [totals, splits] = await d1.batch<Record<string, unknown>>([
    d1.prepare(FUNNEL_QUERIES.totals).bind(start, end, `${previousPeriod(range).from}T00:00:00.000Z`),
    d1.prepare(FUNNEL_QUERIES.splits).bind(start, end),
  ]);
  const byPeriod = (current: number) => counts(totals!.results.find((row) => Number(row.current) === current));
  const split = (name: string): FunnelSplitRow[] =>
    splits!.results
      .filter((row) => row.split === name)
      .map((row) => ({ test: typeof row.test === "string" ? row.test : null, value: String(row.value ?? ""), ...counts(row) }))
      .sort((a, b) => (a.test ?? "").localeCompare(b.test ?? "") || b.signups - a.signups || a.value.localeCompare(b.value));
  return { current: byPeriod(1), previous: byPeriod(0), byVariant: split("variant"), bySource: split("utm"), byForm: split("form") };
}
