import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { Logo } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";
import { splitLanguage } from "~/lib/i18n/languages";
import type { MessageId } from "~/lib/i18n/message-id";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { LanguageSwitcher } from "./LanguageSwitcher";

const SECTION_LINKS: readonly { id: string; label: MessageId }[] = [
  { id: "features", label: "common.nav.features" },
  { id: "how-it-works", label: "common.nav.howItWorks" },
  { id: "faq", label: "common.nav.faq" },
];

function NavItems() {
  const t = useT();
  const localized = useLocalizedPath();
  const { path } = splitLanguage(useLocation().pathname);
  // On the landing page the section links scroll in place; elsewhere they lead to the language's landing page.
  const onLandingPage = path === "/" || path === "/home";
  return (
    <>
      {SECTION_LINKS.map((item) => (
        <li key={item.id}>
          <a className="nav-link" href={onLandingPage ? `#${item.id}` : `${localized("/home")}#${item.id}`}>
            {t(item.label)}
          </a>
        </li>
      ))}
      <li>
        <Link className="nav-link" to={localized("/blog")} prefetch="intent">
          {t("common.nav.blog")}
        </Link>
      </li>
      <li>
        <Link className="nav-link inline-flex items-center gap-2" to={localized("/link-sanitization")} prefetch="intent">
          {t("common.nav.linkSanitization")}
          <span className="live-badge">
            <span className="live-dot" aria-hidden="true" />
            {t("common.nav.live")}
          </span>
        </Link>
      </li>
    </>
  );
}

export function SiteHeader() {
  const t = useT();
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  // A choice in the menu closes it (header-disclosures.ts); so does a route change by other means (history).
  useEffect(closeMenu, [pathname]);

  return (
    <header className="site-header">
      <div className="container-page flex h-16 items-center justify-between gap-6">
        <Link to={localized("/")} className="rounded-lg" aria-label={t("common.nav.home", { appName: siteConfig.appName })}>
          <Logo />
        </Link>
        <div className="hidden items-center gap-2 lg:flex">
          <nav aria-label={t("common.nav.main")}>
            <ul className="flex items-center gap-1">
              <NavItems />
            </ul>
          </nav>
          <LanguageSwitcher placement="below" />
        </div>
        {/* <details> keeps the menu usable without JavaScript; script only closes it after a choice. */}
        <details ref={menu} className="mobile-menu lg:hidden">
          <summary className="icon-button" aria-label={t("common.nav.menu")}>
            <MenuIcon className="menu-open-icon" />
            <CloseIcon className="menu-close-icon" />
          </summary>
          <div className="mobile-menu-panel">
            <nav aria-label={t("common.nav.main")}>
              <ul className="flex flex-col gap-1">
                <NavItems />
              </ul>
            </nav>
            <LanguageSwitcher placement="inline" className="mobile-menu-language" />
          </div>
        </details>
      </div>
    </header>
  );
}
