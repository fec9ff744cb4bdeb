/**
 * The frequently asked questions: their ids and order here, their words in app/locales/<lang>.json
 * under `faq.items.<id>.question` / `.answer`. Read them with `faqEntries(t)` (all, in order) or
 * `faqEntry(t, id)`, where `t` is `useT()` in a component or `i18nFor(lang)._` on the server; tsc
 * refuses a `t` whose catalogue lacks one of these ids. The landing page's accordion and its FAQPage
 * JSON-LD (~/lib/structured-data) read the same entries, so the two can never disagree. Answers are
 * plain text because the structured data must repeat them word for word.
 */
import { siteConfig } from "~/config/site";

export const FAQ_IDS = [
  "privacy",
  "pricing",
  "sync",
  "encryption",
  "link-sanitization",
  "platforms",
  "import-export",
  "collaboration",
  "beta",
  "data-deletion",
  "support",
] as const;

export type FaqId = (typeof FAQ_IDS)[number];

export interface FaqEntry {
  /** Stable anchor for the question (element id, analytics). */
  id: string;
  question: string;
  answer: string;
}

/** The message function the FAQ needs: any `t` whose catalogue has every FAQ id. */
export type FaqTranslate = (id: `faq.items.${FaqId}.${"question" | "answer"}`, values: Record<string, string>) => string;

const VALUES = { appName: siteConfig.appName, supportEmail: siteConfig.supportEmail };

/** One question and its answer in `t`'s language. */
export function faqEntry(t: FaqTranslate, id: FaqId): FaqEntry {
  return { id, question: t(`faq.items.${id}.question`, VALUES), answer: t(`faq.items.${id}.answer`, VALUES) };
}

/** The questions (all by default, in the FAQ's order) in `t`'s language. */
export function faqEntries(t: FaqTranslate, ids: readonly FaqId[] = FAQ_IDS): FaqEntry[] {
  return ids.map((id) => faqEntry(t, id));
}
