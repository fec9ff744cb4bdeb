import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { Logo } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";

const SECTION_LINKS = [
  { id: "features", label: "Features" },
  { id: "how-it-works", label: "How It Works" },
  { id: "faq", label: "FAQ" },
] as const;

/** On the landing page the section links scroll in place; elsewhere they lead to the landing page. */
function sectionHref(pathname: string, id: string): string {
  return pathname === "/" || pathname === "/home" ? `#${id}` : `/home#${id}`;
}

function NavItems({ onChoose, pathname }: { onChoose?: () => void; pathname: string }) {
  return (
    <>
      {SECTION_LINKS.map((item) => (
        <li key={item.id}>
          <a className="nav-link" href={sectionHref(pathname, item.id)} onClick={onChoose}>
            {item.label}
          </a>
        </li>
      ))}
      <li>
        <Link className="nav-link" to="/blog" onClick={onChoose} prefetch="intent">
          Blog
        </Link>
      </li>
      <li>
        <Link className="nav-link inline-flex items-center gap-2" to="/link-sanitization" onClick={onChoose} prefetch="intent">
          Link Sanitization
          <span className="live-badge">
            <span className="live-dot" aria-hidden="true" />
            LIVE
          </span>
        </Link>
      </li>
    </>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  useEffect(closeMenu, [pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.current?.open) {
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <header className="site-header">
      <div className="container-page flex h-16 items-center justify-between gap-6">
        <Link to="/" className="rounded-lg" aria-label={`${siteConfig.appName} home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems pathname={pathname} />
          </ul>
        </nav>
        {/* <details> keeps the menu usable without JavaScript; script only closes it after a choice. */}
        <details ref={menu} className="mobile-menu lg:hidden">
          <summary className="icon-button" aria-label="Menu">
            <MenuIcon className="menu-open-icon" />
            <CloseIcon className="menu-close-icon" />
          </summary>
          <nav aria-label="Main" className="mobile-menu-panel">
            <ul className="flex flex-col gap-1">
              <NavItems pathname={pathname} onChoose={closeMenu} />
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
