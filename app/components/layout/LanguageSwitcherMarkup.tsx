import { useLocation } from "@remix-run/react";
import { CheckIcon, ChevronDownIcon, GlobeIcon } from "~/components/ui/icons";
import { LANGUAGES, languageName, languageTag, splitLanguage } from "~/lib/i18n/languages";
import { useLang, useT } from "~/lib/i18n/react";

/** Where the open list goes: under the button (header), over it (footer), or in the flow (mobile menu). */
export type LanguageSwitcherPlacement = "below" | "above" | "inline";

/**
 * The language switcher's markup (ADR 0057): a disclosure with a plain form, so it works the same with
 * and without JavaScript. Each language is a submit button named in its own language; /language
 * remembers the choice and answers with the same page in that language, as a full page load (every
 * text, the address and <html lang> change together). `to` is the page it was rendered on; /language
 * prefers the Referer, which names the page the visitor is on after client-side navigations too.
 */
export function LanguageSwitcherMarkup({ placement }: { placement: LanguageSwitcherPlacement }) {
  const lang = useLang();
  const t = useT();
  const { path } = splitLanguage(useLocation().pathname);


  return (
    <details className="language-switcher" data-placement={placement}>
      <summary className="language-switcher-button">
        <GlobeIcon width={18} height={18} />
        {/* The name as shown, inside the button's accessible name ("Current language: Deutsch"). */}
        <span className="sr-only">{t("common.language.current", { language: languageName(lang) })}</span>
        {placement === "below" ? (
          // Beside the header's links only its short code fits until the widest screens.
          <span aria-hidden="true" className="xl:hidden">
            {languageTag(lang).split("-")[0]!.toUpperCase()}
          </span>
        ) : null}
        <span aria-hidden="true" lang={languageTag(lang)} className={placement === "below" ? "hidden xl:inline" : undefined}>
          {languageName(lang)}
        </span>
        <ChevronDownIcon width={16} height={16} className="language-switcher-chevron" />
      </summary>
      <form method="post" action="/language" className="language-switcher-menu">
        <input type="hidden" name="to" value={path} />
        <ul aria-label={t("common.language.change")}>
          {LANGUAGES.map(({ code }) => (
            <li key={code}>
              <button type="submit" name="lang" value={code} lang={languageTag(code)} aria-current={code === lang ? "true" : undefined}>
                <span>{languageName(code)}</span>
                {code === lang ? <CheckIcon width={16} height={16} /> : null}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
