import type { Lang } from "~/lib/i18n/languages";
import type { TurnstileClientConfig } from "~/lib/turnstile";

/** The id of the JSON block an island page's boot reads (ADR 0060). */
export const ISLAND_PAGE_DATA_ID = "island-page-data";

/**
 * What the browser's boot reads: the root's data without the analytics configuration (which has a
 * block of its own): the page's language, the shell's messages, the canonical origin and Turnstile's
 * configuration for the page's forms.
 */
export interface IslandPageData {
  lang: Lang;
  messages: Record<string, unknown>;
  siteUrl: string;
  turnstile: TurnstileClientConfig | null;
}
