/**
 * The place in line (issue 16, ADR 0031; the owner's priority: issue 31, ADR 0052): among confirmed
 * testers, ordered by
 *
 *     priority, highest first; then line_seq - referral_count × boost (ties: the smaller line_seq first)
 *
 * priority is the owner's (0 for everyone unless moved to the front or set on the person's admin
 * page), line_seq the order of confirmation (1, 2, 3, …, unique), the boost the admin's setting
 * (readReferralBoost, default 5). A place is 1 + the number of testers ahead, so referrals move an
 * entry ahead by `boost` places per confirmed referral but never past place 1, and since line_seq is
 * unique the order is total: two entries never share a place.
 *
 * This module is the order's one home: the status page's place and the welcome message's payload
 * (placeSql) count the entries before one in exactly the order that "Invite the next N" sends
 * invitations in (lineOrderSql, features/outreach/campaigns.server.ts), so none of them can disagree.
 */
import { betaTesterSql } from "~/features/email/audiences.server";

/**
 * Who is in line: the beta testers (confirmed beta sign-ups, numbered; never a notify-me request, ADR
 * 0048). Unsubscribed entries keep their line_seq, but not a place.
 */
export const inLineSql = betaTesterSql;
const inLine = inLineSql;

/**
 * The order of the line, first place first, as ORDER BY terms on `alias` (each ascending). `boost` is
 * a bound parameter (e.g. "?2") or a whole number.
 */
export const lineOrderTerms = (alias: string, boost: string): string[] => [
  `-${alias}.priority`,
  `${alias}.line_seq - ${alias}.referral_count * ${boost}`,
  `${alias}.line_seq`,
];

/** The order's terms as one ORDER BY list (also a row value: one entry is ahead of another when its terms compare lower). */
export const lineOrderSql = (alias: string, boost: string) => lineOrderTerms(alias, boost).join(", ");

/**
 * The index that holds the line in this order at the default boost (migrations/0015, ADR 0056). Named
 * with INDEXED BY: without table statistics the planner would read waitlist_status_idx and the table.
 * With another boost the statements still read it (the people in line, and nobody else), then sort.
 */
const LINE_ORDER_INDEX = "waitlist_line_order_idx";
/** `waitlist AS <alias>` read through the line's index: only for statements whose WHERE includes inLineSql(alias). */
export const lineIndexFrom = (alias: string) => `waitlist AS ${alias} INDEXED BY ${LINE_ORDER_INDEX}`;

/** The boost as a literal: the statement then matches the index's expression (a bound one cannot). A whole number from the settings. */
export const boostLiteral = (boost: number) => String(Math.trunc(boost));

/**
 * The place of the entry aliased `entry` in the enclosing query, as an SQL expression: 1 + the entries
 * ahead, counted term by term of the order (ahead on the first term, or equal on it and ahead on the
 * second, …), so each count is a range of the line's index rather than a comparison with every entry.
 */
export function placeSql(entry: string, boost: string): string {
  const other = lineOrderTerms("other", boost);
  const mine = lineOrderTerms(entry, boost);
  const aheadOn = other.map((term, i) => {
    const equalBefore = other.slice(0, i).map((before, j) => `${before} = ${mine[j]} AND `).join("");
    return `(SELECT count(*) FROM ${lineIndexFrom("other")} WHERE ${inLine("other")} AND ${equalBefore}${term} < ${mine[i]})`;
  });
  return `(1 + ${aheadOn.join(" + ")})`;
}

/**
 * Everyone in line with their place, as a query of (id, place): one pass in the same order instead of
 * one count per entry, for lists (the admin's table). The order is total, so the row number is
 * exactly the place placeSql counts.
 */
export function linePlacesSql(boost: string): string {
  return `SELECT other.id AS id, row_number() OVER (ORDER BY ${lineOrderSql("other", boost)}) AS place FROM ${lineIndexFrom("other")} WHERE ${inLine("other")}`;
}

/** How many are in line, as an SQL expression. */
export const IN_LINE_TOTAL_SQL = `(SELECT count(*) FROM ${lineIndexFrom("other")} WHERE ${inLine("other")})`;

/** `entry`'s place and the size of the line, as the JSON the welcome message's payload holds; NULL values when not in line. */
export function placePayloadSql(entry: string, boost: string): string {
  return `CASE WHEN ${inLine(entry)} THEN json_object('place', ${placeSql(entry, boost)}, 'total', ${IN_LINE_TOTAL_SQL}) ELSE '{}' END`;
}

export interface PlaceInLine {
  place: number;
  total: number;
}

/** The entry's place now, or null when it is not in line (pending, unsubscribed, or not a beta tester). */
export async function readPlaceInLine(db: D1Database, entryId: number, boost: number): Promise<PlaceInLine | null> {
  const row = await db
    .prepare(`SELECT ${placeSql("me", boostLiteral(boost))} AS place, ${IN_LINE_TOTAL_SQL} AS total FROM waitlist AS me WHERE me.id = ?1 AND ${inLine("me")}`)
    .bind(entryId)
    .first<PlaceInLine>();
  return row ?? null;
}
