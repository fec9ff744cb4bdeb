/**
 * An email's words in the person's language (ADR 0058): the `email.*` messages of app/locales, with
 * {appName} always given. Lists and plurals follow the language's rules (Intl).
 */
import { siteConfig } from "~/config/site";
import { serverT } from "~/lib/i18n/catalogues.server";
import { intlLocale } from "~/lib/i18n/intl-locale";
import type { Lang } from "~/lib/i18n/languages";
import type { MessageId, MessageValues } from "~/lib/i18n/message-id";
import type { PlatformSegment } from "../segments";

export type EmailT = (id: MessageId, values?: MessageValues) => string;

/** Names and addresses come out as typed (serverT); {appName} is always given. */
export function emailWords(lang: Lang): EmailT {
  const t = serverT(lang);
  return (id, values = {}) => t(id, { appName: siteConfig.appName, ...values });
}

/**
 * The platforms a person asked about as one phrase ("the Android app and the Mac app"), and how many,
 * for the messages' `{platforms}` and `{count, plural, …}`.
 */
export function platformValues(lang: Lang, t: EmailT, platforms: readonly PlatformSegment[]): { platforms: string; count: number } {
  const names = platforms.map((platform) => t(`email.platforms.${platform}`));
  return { platforms: new Intl.ListFormat(intlLocale(lang), { type: "conjunction" }).format(names), count: names.length };
}
