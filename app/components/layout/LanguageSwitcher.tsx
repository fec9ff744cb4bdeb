import { useLocation } from "@remix-run/react";
import { LANGUAGES, languageName, languageTag, splitLanguage } from "~/lib/i18n/languages";
import { useLang, useT } from "~/lib/i18n/react";

/**
 * The language switcher (ADR 0057): a plain form, so it works without JavaScript. Each language is a
 * submit button named in its own language; /language remembers the choice and answers with the same
 * page in that language, as a full page load (every text, the address and <html lang> change together).
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const lang = useLang();
  const t = useT();
  const { path } = splitLanguage(useLocation().pathname);
  return (
    <details className={`language-switcher ${className}`}>
      <summary aria-label={t("common.language.change")}>
        <span aria-hidden="true">🌐</span> <span lang={languageTag(lang)}>{languageName(lang)}</span>
      </summary>
      <form method="post" action="/language" className="language-switcher-menu">
        <input type="hidden" name="to" value={path} />
        <ul aria-label={t("common.language.label")}>
          {LANGUAGES.map(({ code }) => (
            <li key={code}>
              <button type="submit" name="lang" value={code} lang={languageTag(code)} aria-current={code === lang ? "true" : undefined}>
                {languageName(code)}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
