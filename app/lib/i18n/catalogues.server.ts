import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { COMPILED_CATALOGUES } from "~/locales/generated/catalogues";
import { languageTag, type Lang } from "./languages";
import type { MessageId, MessageValues, Namespace } from "./message-id";
import { translate } from "./translate";

const parsed = new Map<Lang, Messages>();
const instances = new Map<Lang, I18n>();

/** Every compiled message of a language, parsed once per isolate. */
export function catalogue(lang: Lang): Messages {
  let messages = parsed.get(lang);
  if (!messages) parsed.set(lang, (messages = JSON.parse(COMPILED_CATALOGUES[lang] ?? COMPILED_CATALOGUES.en!) as Messages));
  return messages;
}

/** A language's Lingui instance with its whole catalogue: for the server's renders and the emails. */
export function i18nFor(lang: Lang): I18n {
  let i18n = instances.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: languageTag(lang), messages: { [languageTag(lang)]: catalogue(lang) } });
    instances.set(lang, i18n);
  }
  return i18n;
}

/** A language's message function for server code (loaders, emails): the same words `useT()` gives. */
export function serverT(lang: Lang): (id: MessageId, values?: MessageValues) => string {
  const i18n = i18nFor(lang);
  return (id, values) => translate(i18n, id, values);
}

/**
 * What a page sends the browser: the messages of the namespaces its hydrated components read. Text
 * only the server renders (static islands, meta tags, content, emails) stays out of the page.
 */
export function browserMessages(lang: Lang, namespaces: readonly Namespace[]): Messages {
  const prefixes = namespaces.map((ns) => `${ns}.`);
  return Object.fromEntries(Object.entries(catalogue(lang)).filter(([id]) => prefixes.some((p) => id.startsWith(p))));
}
