/**
 * The place in line (issue 16, ADR 0031): among confirmed testers, ordered by
 *
 *     line_seq - referral_count × boost      (ties: the smaller line_seq first)
 *
 * line_seq is the order of confirmation (1, 2, 3, …, unique), the boost the admin's setting
 * (readReferralBoost, default 5). A place is 1 + the number of testers ahead, so referrals move an
 * entry ahead by `boost` places per confirmed referral but never past place 1, and since line_seq is
 * unique the order is total: two entries never share a place.
 *
 * One SQL expression serves the status page and the welcome message's payload (computed inside the
 * confirmation's batch), so the two can never disagree.
 */

/** Who is in line: confirmed and numbered. (Unsubscribed entries keep their line_seq, but not a place.) */
const inLine = (alias: string) => `${alias}.status = 'confirmed' AND ${alias}.line_seq IS NOT NULL`;

/** The sort key; `boost` is a bound parameter (e.g. "?2"). */
const lineKey = (alias: string, boost: string) => `(${alias}.line_seq - ${alias}.referral_count * ${boost})`;

/** The place of the entry aliased `entry` in the enclosing query, as an SQL expression. */
export function placeSql(entry: string, boost: string): string {
  const ahead = `${lineKey("other", boost)} < ${lineKey(entry, boost)} OR (${lineKey("other", boost)} = ${lineKey(entry, boost)} AND other.line_seq < ${entry}.line_seq)`;
  return `(SELECT 1 + count(*) FROM waitlist AS other WHERE ${inLine("other")} AND (${ahead}))`;
}

/** How many are in line, as an SQL expression. */
export const IN_LINE_TOTAL_SQL = `(SELECT count(*) FROM waitlist AS other WHERE ${inLine("other")})`;

/** `entry`'s place and the size of the line, as the JSON the welcome message's payload holds; NULL values when not in line. */
export function placePayloadSql(entry: string, boost: string): string {
  return `CASE WHEN ${inLine(entry)} THEN json_object('place', ${placeSql(entry, boost)}, 'total', ${IN_LINE_TOTAL_SQL}) ELSE '{}' END`;
}

export interface PlaceInLine {
  place: number;
  total: number;
}

/** The entry's place now, or null when it is not in line (pending, unsubscribed, or not numbered). */
export async function readPlaceInLine(db: D1Database, entryId: number, boost: number): Promise<PlaceInLine | null> {
  const row = await db
    .prepare(`SELECT ${placeSql("me", "?2")} AS place, ${IN_LINE_TOTAL_SQL} AS total FROM waitlist AS me WHERE me.id = ?1 AND ${inLine("me")}`)
    .bind(entryId, boost)
    .first<PlaceInLine>();
  return row ?? null;
}
