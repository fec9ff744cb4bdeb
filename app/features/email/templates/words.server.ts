/**
 * An email's words in the person's language (ADR 0058): the `email.*` messages of app/locales, with
 * {appName} always given. Lists and plurals follow the language's rules (Intl).
 */
import { siteConfig } from "~/config/site";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { intlLocale } from "~/lib/i18n/intl-locale";
import type { Lang } from "~/lib/i18n/languages";
import type { MessageId, MessageValues } from "~/lib/i18n/message-id";
import type { PlatformSegment } from "../segments";

export type EmailT = (id: MessageId, values?: MessageValues) => string;

/**
 * Text values (a name, an address) go through the formatter as private-use marks and are put in after
 * it: Lingui decodes `\uXXXX` sequences in its output, and a person's name must come out as they typed
 * it. Numbers go in as numbers, for plurals.
 */
const mark = (index: number) => `\uE000${index}\uE001`;
const MARKED = /\uE000(\d+)\uE001/g;

export function emailWords(lang: Lang): EmailT {
  const i18n = i18nFor(lang);
  return (id, values = {}) => {
    const texts: string[] = [];
    const marked = Object.fromEntries(
      Object.entries({ appName: siteConfig.appName, ...values }).map(([name, value]) => [name, typeof value === "string" ? mark(texts.push(value) - 1) : value]),
    );
    return i18n._(id, marked).replace(MARKED, (_, index: string) => texts[Number(index)]!);
  };
}

/**
 * The platforms a person asked about as one phrase ("the Android app and the Mac app"), and how many,
 * for the messages' `{platforms}` and `{count, plural, …}`.
 */
export function platformValues(lang: Lang, t: EmailT, platforms: readonly PlatformSegment[]): { platforms: string; count: number } {
  const names = platforms.map((platform) => t(`email.platforms.${platform}`));
  return { platforms: new Intl.ListFormat(intlLocale(lang), { type: "conjunction" }).format(names), count: names.length };
}
