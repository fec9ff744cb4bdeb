/**
 * Dates as the site writes them, in one place. Two kinds:
 * - a calendar day (a post's "2025-03-04"): no time and no time zone, so it is plain string work
 *   and the server's HTML and the browser's render always agree;
 * - an instant (a row's ISO timestamp), as the admin reads it: in UTC, one time zone for every admin.
 */

import { languageTag, type Lang } from "~/lib/i18n/languages";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-03-04" → "4 March 2025". */
export function formatCalendarDay(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/**
 * A calendar day in a page's language: English as `formatCalendarDay` writes it, the others by Intl
 * ("4. März 2025"); read in UTC so every time zone names the same day.
 */
export function formatCalendarDayIn(lang: Lang, isoDay: string): string {
  if (lang === "en") return formatCalendarDay(isoDay);
  const [year = 1970, month = 1, day = 1] = isoDay.split("-").map(Number);
  return new Intl.DateTimeFormat(languageTag(lang), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, month - 1, day));
}

/** An instant as its UTC day: "21 Nov 2026"; "—" when there is none. */
export function formatUtcDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** An instant as its UTC day in a page's language: English as `formatUtcDate` writes it, the others by Intl ("3. Feb. 2026"). */
export function formatUtcDateIn(lang: Lang, iso: string | null | undefined): string {
  if (lang === "en" || !iso || Number.isNaN(new Date(iso).getTime())) return formatUtcDate(iso);
  return new Date(iso).toLocaleDateString(languageTag(lang), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** An instant to the minute, in UTC: "21 Nov 2026, 14:05 UTC"; "—" when there is none. */
export function formatUtcDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;
}
