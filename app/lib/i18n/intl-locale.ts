import { DEFAULT_LANG, languageTag, type Lang } from "./languages";

/**
 * The locale `Intl` formats a language's dates, numbers and lists in. The site's English is British
 * ("21 Nov 2026", "A, B and C"), as the spec's texts were written; every other language by its tag.
 */
export function intlLocale(lang: Lang): string {
  return lang === DEFAULT_LANG ? "en-GB" : languageTag(lang);
}
