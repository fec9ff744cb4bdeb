import { setupI18n, type Messages } from "@lingui/core";
import { DEFAULT_LANG, isLang, languageTag, type Lang } from "./languages";
import type { MessageId, MessageValues } from "./message-id";
import { translate } from "./translate";

type Matches = readonly { id: string; data: unknown }[];

/** The page's language from the root loader's data (English when it failed). */
export function langOfMatches(matches: Matches): Lang {
  const lang = (matches.find((m) => m.id === "root")?.data as { lang?: unknown } | undefined)?.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
}

/**
 * A message function for a route's `meta`, from the messages the matched loaders sent (so titles read
 * the same on the server and after a navigation in the browser).
 */
export function metaT(matches: Matches): (id: MessageId, values?: MessageValues) => string {
  const locale = languageTag(langOfMatches(matches));
  const messages: Messages = Object.assign({}, ...matches.map((m) => (m.data as { messages?: Messages } | undefined)?.messages ?? {}));
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (id, values) => translate(i18n, id, values);
}
