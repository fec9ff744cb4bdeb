import { Link } from "@remix-run/react";
import { CheckIcon, InstagramIcon, LinkIcon, ShieldIcon, XLogoIcon } from "~/components/ui/icons";
import { Logo } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";
import type { MessageId } from "~/lib/i18n/message-id";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { LanguageSwitcher } from "./LanguageSwitcher";

const COLUMNS: readonly { title: MessageId; links: readonly { label: MessageId; to: string }[] }[] = [
  {
    title: "common.footer.product",
    links: [
      { label: "common.footer.features", to: "/features" },
      { label: "common.footer.howItWorks", to: "/how-it-works" },
      { label: "common.footer.pricing", to: "/pricing" },
      { label: "common.footer.download", to: "/download" },
      { label: "common.footer.linkSanitization", to: "/link-sanitization" },
    ],
  },
  {
    title: "common.footer.company",
    links: [
      { label: "common.footer.about", to: "/about" },
      { label: "common.footer.contact", to: "/contact" },
      { label: "common.footer.blog", to: "/blog" },
    ],
  },
  {
    title: "common.footer.support",
    links: [
      { label: "common.footer.helpCenter", to: "/contact" },
      { label: "common.footer.privacy", to: "/privacy.html" },
      { label: "common.footer.terms", to: "/terms.html" },
    ],
  },
];

const BADGES: readonly MessageId[] = ["common.footer.availableOnIos", "common.footer.privacyFirst", "common.footer.easyOrganization"];

/** Copies the page's address; footer-actions.ts does the work, so the footer ships no code (ADR 0059). */
function CopyLinkButton() {
  const t = useT();
  return (
    <button type="button" className="btn btn-ghost btn-sm copy-link needs-js" data-footer-action="copy-link" data-copied-text={t("common.footer.copied")}>
      <LinkIcon className="copy-link-idle" width={16} height={16} />
      <CheckIcon className="copy-link-done" width={16} height={16} />
      <span aria-live="polite" data-copy-text={t("common.footer.copyLink")}>
        {t("common.footer.copyLink")}
      </span>
    </button>
  );
}

/** Reopens the cookie banner (footer-actions.ts); shown only once JavaScript runs, as without it there is no banner. */
function CookieSettingsButton() {
  const t = useT();
  return (
    <li className="needs-js">
      <button type="button" className="footer-link cursor-pointer text-left" data-footer-action="cookie-settings">
        {t("common.footer.cookieSettings")}
      </button>
    </li>
  );
}

/** The site footer's markup: a static island (SiteFooter.tsx), rendered by the server on a first load. */
export function SiteFooterMarkup() {
  const t = useT();
  const localized = useLocalizedPath();
  const appName = siteConfig.appName;
  return (
    <footer className="site-footer">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-ink-muted">{t("common.footer.description", { appName })}</p>
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <a className="icon-button" href={siteConfig.social.x.url} target="_blank" rel="noopener noreferrer" aria-label={t("common.footer.onX", { appName })}>
              <XLogoIcon />
            </a>
            <a
              className="icon-button"
              href={siteConfig.social.instagram.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("common.footer.onInstagram", { appName })}
            >
              <InstagramIcon />
            </a>
            <CopyLinkButton />
          </div>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold">{t(column.title)}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link className="footer-link" to={localized(link.to)}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
              {column.title === "common.footer.support" ? <CookieSettingsButton /> : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-4 py-6 text-sm text-ink-muted md:flex-row md:items-center md:justify-between">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <p>{t("common.footer.copyright", { year: siteConfig.copyrightYear, appName })}</p>
            <LanguageSwitcher placement="above" />
          </div>
          <ul className="flex flex-wrap gap-2" aria-label={t("common.footer.highlights")}>
            {BADGES.map((badge) => (
              <li key={badge} className="badge">
                <ShieldIcon width={14} height={14} />
                {t(badge)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
