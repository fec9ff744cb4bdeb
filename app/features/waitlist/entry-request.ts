/**
 * What an entry asked for, and how its private pages say it (issue 30, ADR 0048): the beta program (a
 * place in line once confirmed), or notify-me (one email when a coming platform is ready), or both.
 * Shared by the servers that build the pages' views and the components that draw them.
 */
import { platformsWanted, type PlatformSegment } from "~/features/email/segments";
import type { Lang } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/react";
import { intlLocale } from "~/lib/i18n/intl-locale";
import type { EntryPreferences } from "./entry-views";

export interface EntryRequest {
  /** The beta program: a place in line once confirmed, and beta invitations. */
  beta: boolean;
  /** The coming platforms it asked to hear about. */
  platforms: PlatformSegment[];
  /** News and updates. */
  updates: boolean;
}

export function requestOf(entry: { intent: string; preferences: EntryPreferences }): EntryRequest {
  return { beta: entry.intent === "beta_testing", platforms: platformsWanted(entry.preferences), updates: entry.preferences.updates };
}

/**
 * What a notify-me request's pages say it hears about, as message values (status.notify.title and its
 * kin): `kind` picks the sentence, `platforms` names the platforms as a list in the page's language.
 */
export function notifyRequestValues({ platforms, updates }: EntryRequest, t: Translate, lang: Lang): { kind: "single" | "several" | "updates" | "other"; platforms: string } {
  const names = new Intl.ListFormat(intlLocale(lang), { type: "conjunction" }).format(platforms.map((platform) => t(`status.platforms.${platform}`)));
  if (platforms.length > 0) return { kind: platforms.length === 1 ? "single" : "several", platforms: names };
  return { kind: updates ? "updates" : "other", platforms: names };
}
