/**
 * The site's languages as the admin reads them: the admin stays English, so a person's language is
 * named in English ("German", "Brazilian Portuguese"). Named on the server only (loaders send the
 * names), since browsers' Intl data differ and the page must hydrate with the same text.
 */
import { isLang, LANGUAGES, languageTag, type Lang } from "~/lib/i18n/languages";

const names = new Intl.DisplayNames(["en"], { type: "language" });

/** "German" for de; a stored value the site no longer offers is shown as it is. */
export function adminLanguageName(code: string): string {
  return isLang(code) ? (names.of(languageTag(code)) ?? code) : code;
}

/** Every language, for the admin's filters and pickers. */
export function adminLanguageOptions(): { code: Lang; name: string }[] {
  return LANGUAGES.map(({ code }) => ({ code, name: adminLanguageName(code) }));
}
