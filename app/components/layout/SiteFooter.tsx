import { Link } from "@remix-run/react";
import { CheckIcon, InstagramIcon, LinkIcon, ShieldIcon, XLogoIcon } from "~/components/ui/icons";
import { Logo } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";
import { useCopyToClipboard } from "~/hooks/useCopyToClipboard";
import { useHydrated } from "~/hooks/useHydrated";
import { openCookieSettings } from "~/lib/consent";

const COLUMNS = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/features" },
      { label: "How It Works", to: "/how-it-works" },
      { label: "Pricing", to: "/pricing" },
      { label: "Download", to: "/download" },
      { label: "Link Sanitization", to: "/link-sanitization" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About Us", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Blog", to: "/blog" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Help Center", to: "/contact" },
      { label: "Privacy Policy", to: "/privacy.html" },
      { label: "Terms of Service", to: "/terms.html" },
    ],
  },
] as const;

const BADGES = ["Available on iOS", "Privacy-First", "Easy Organization"] as const;

function CopyLinkButton() {
  const { copied, copy } = useCopyToClipboard();
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => copy(window.location.href)}>
      {copied ? <CheckIcon width={16} height={16} /> : <LinkIcon width={16} height={16} />}
      <span aria-live="polite">{copied ? "Copied!" : "Copy Link"}</span>
    </button>
  );
}

/** Reopens the cookie banner; shown only once JavaScript runs (without it there is no banner). */
function CookieSettingsButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <li>
      <button type="button" className="footer-link cursor-pointer text-left" onClick={openCookieSettings}>
        Cookie settings
      </button>
    </li>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-ink-muted">{siteConfig.description}</p>
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <a className="icon-button" href={siteConfig.social.x.url} target="_blank" rel="noopener noreferrer" aria-label={`${siteConfig.appName} on X`}>
              <XLogoIcon />
            </a>
            <a
              className="icon-button"
              href={siteConfig.social.instagram.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${siteConfig.appName} on Instagram`}
            >
              <InstagramIcon />
            </a>
            <CopyLinkButton />
          </div>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link className="footer-link" to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {column.title === "Support" ? <CookieSettingsButton /> : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-4 py-6 text-sm text-ink-muted md:flex-row md:items-center md:justify-between">
          <p>
            © {siteConfig.copyrightYear} {siteConfig.appName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Highlights">
            {BADGES.map((badge) => (
              <li key={badge} className="badge">
                <ShieldIcon width={14} height={14} />
                {badge}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
