/**
 * The React side of the site's languages (ADR 0057): Lingui's core with a provider of our own, as
 * @lingui/react would cost more than the whole first-visit budget for languages. The server renders
 * with the language's whole catalogue; the browser has the messages the page's loaders sent (root:
 * `common`; each route its own namespaces), so `useT()` reads the same text on both sides.
 */
import { useMatches } from "@remix-run/react";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { cloneElement, createContext, isValidElement, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import { DEFAULT_LANG, languageTag, localizedPath, type Lang } from "./languages";
import type { MessageId, MessageValues } from "./message-id";
import { formatMarked, translate } from "./translate";

/** Provided by the server's render (entry.server and the per-isolate HTML cache): the whole catalogue. */
export const ServerI18nContext = createContext<I18n | null>(null);

interface I18nValue {
  lang: Lang;
  i18n: I18n;
}

const I18nContext = createContext<I18nValue | null>(null);

let browserI18n: I18n | undefined;
const loadedInBrowser = new WeakSet<Messages>();

/** One Lingui instance in the browser, given each route's messages as they arrive. */
function browserInstance(lang: Lang, sources: readonly (Messages | undefined)[]): I18n {
  browserI18n ??= setupI18n();
  const locale = languageTag(lang);
  for (const messages of sources) {
    if (messages && !loadedInBrowser.has(messages)) {
      browserI18n.load(locale, messages);
      loadedInBrowser.add(messages);
    }
  }
  if (browserI18n.locale !== locale) browserI18n.activate(locale);
  return browserI18n;
}

/** What a loader sends for the browser's messages (see `browserMessages`). */
interface WithMessages {
  messages?: Messages;
}

/** The page's language, and the messages every matched route sent. */
export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const server = useContext(ServerI18nContext);
  const sources = useMatches().map((match) => (match.data as WithMessages | null | undefined)?.messages);
  const i18n = server ?? browserInstance(lang, sources);
  const value = useMemo(() => ({ lang, i18n }), [lang, i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** A provider for a render that has a language and its whole catalogue (sections rendered alone, emails). */
export function StaticI18nProvider({ lang, i18n, children }: { lang: Lang; i18n: I18n; children: ReactNode }) {
  const value = useMemo(() => ({ lang, i18n }), [lang, i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18nValue(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useT() outside the I18nProvider");
  return value;
}

/** The page's language. */
export function useLang(): Lang {
  return useContext(I18nContext)?.lang ?? DEFAULT_LANG;
}

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The message function of the page's language. */
export function useT(): Translate {
  const { i18n } = useI18nValue();
  return useMemo(() => (id: MessageId, values?: MessageValues) => translate(i18n, id, values), [i18n]);
}

/** A path in the page's language (`/waitlist` → `/de/waitlist`). */
export function useLocalizedPath(): (path: string) => string {
  const lang = useLang();
  return useMemo(() => (path: string) => localizedPath(lang, path), [lang]);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with markup: `<link>the docs</link>` becomes `components.link` with that text as its
 * children. Tags the caller did not give stay as text (React escapes it).
 */
export function richText(text: string, components: Record<string, ReactElement>, unmark: (text: string) => string = (t) => t): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    const element = components[name];
    if (!isValidElement(element)) continue;
    if (match.index > last) out.push(unmark(text.slice(last, match.index)));
    out.push(cloneElement(element, { key: `${name}-${match.index}` }, ...richText(inner, components, unmark)));
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(unmark(text.slice(last)));
  return out;
}

/** A translated message with markup (see `richText`). */
export function T({ id, values, components }: { id: MessageId; values?: MessageValues; components: Record<string, ReactElement> }) {
  const { i18n } = useI18nValue();
  // The values go in after the markup is read: a typed name can never become a tag.
  const { text, unmark } = formatMarked(i18n, id, values);
  return <>{richText(text, components, unmark)}</>;
}
