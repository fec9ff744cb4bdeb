import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CheckIcon, ChevronDownIcon, GlobeIcon } from "~/components/ui/icons";
import { LANGUAGES, languageName, languageTag, splitLanguage } from "~/lib/i18n/languages";
import { useLang, useT } from "~/lib/i18n/react";

/** Where the open list goes: under the button (header), over it (footer), or in the flow (mobile menu). */
export type LanguageSwitcherPlacement = "below" | "above" | "inline";

/**
 * The language switcher (ADR 0057): a plain form, so it works without JavaScript. Each language is a
 * submit button named in its own language; /language remembers the choice and answers with the same
 * page in that language, as a full page load (every text, the address and <html lang> change together).
 * With JavaScript it closes like a menu: on Escape (focus back on its button), on a click elsewhere,
 * and when focus moves on.
 */
export function LanguageSwitcher({ placement, className = "" }: { placement: LanguageSwitcherPlacement; className?: string }) {
  const lang = useLang();
  const t = useT();
  const { path } = splitLanguage(useLocation().pathname);
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const close = () => {
      element.open = false;
    };
    // Native listeners: Escape must stop here, before the header's own Escape closes the mobile menu too.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !element.open) return;
      event.stopPropagation();
      close();
      element.querySelector("summary")?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && event.target instanceof Node && !element.contains(event.target)) close();
    };
    element.addEventListener("keydown", onKeyDown);
    element.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  return (
    <details ref={details} className={`language-switcher ${className}`} data-placement={placement}>
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
