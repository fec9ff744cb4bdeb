import { DEFAULT_LANG, languageTag, type Lang } from "./languages";

/**
 * The locale `Intl` formats a language's dates, numbers and lists in. The site's English is British
 * ("21 Nov 2026", "A, B and C"), as the spec's texts were written; every other language by its tag.
 */
export function intlLocale(lang: Lang): string {
  return lang === DEFAULT_LANG ? "en-GB" : languageTag(lang);
}

/**
 * The US price as the cards show it, written the page's language's way: "$2.99" and "$0" in English (the
 * spec's form), "2,99 $" in German, "US$ 2,99" in Brazilian Portuguese.
 */
export function formatUsd(amount: number, lang: Lang): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const key = `${lang}:${fractionDigits}`;
  let format = usdFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === DEFAULT_LANG ? "en-US" : intlLocale(lang), {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    usdFormats.set(key, format);
  }
  return format.format(amount);
}

const usdFormats = new Map<string, Intl.NumberFormat>();
