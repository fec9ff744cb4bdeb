import type { Lang } from "~/lib/i18n/languages";

/** The id of the JSON block an island page's boot reads (ADR 0060). */
export const ISLAND_PAGE_DATA_ID = "island-page-data";

/** What the browser's boot reads: the page's language and the shell's messages (the cookie banner's). */
export interface IslandPageData {
  lang: Lang;
  messages: Record<string, unknown>;
}
