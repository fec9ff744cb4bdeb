import { useLang, useT } from "~/lib/i18n/react";

/**
 * On a page whose article exists only in English (a blog post or a tutorial under /de/…), a line in
 * the visitor's language that says so; nothing on the English page.
 */
export function EnglishOnlyNotice() {
  const lang = useLang();
  const t = useT();
  if (lang === "en") return null;
  return (
    <p className="mt-6 rounded-xl bg-surface-sunken px-4 py-3 font-semibold" data-testid="english-only-notice">
      {t("articles.englishOnly")}
    </p>
  );
}

/** The `lang` attribute for English-only content on a page in another language (none on an English page). */
export function useEnglishContentLang(): "en" | undefined {
  return useLang() === "en" ? undefined : "en";
}
