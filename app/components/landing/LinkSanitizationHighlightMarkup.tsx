import { Link } from "@remix-run/react";
import { SANITIZATION_CLAIMS } from "~/lib/constants";
import { siteConfig } from "~/config/site";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";

/** The example link: its page address, then the trackers a newsletter and two ad networks add. */
const EXAMPLE_PAGE = "https://news.example.com/2025/03/the-case-for-slow-software";
const EXAMPLE_TRACKERS = [
  ["utm_source", "newsletter"],
  ["utm_medium", "email"],
  ["utm_campaign", "spring_digest"],
  ["fbclid", "IwAR2xK9dQ7vLmZ3pTq8"],
  ["gclid", "Cj0KCQjw8MG1BhCoARIsAHxSiQ"],
] as const;

const CLAIMS = SANITIZATION_CLAIMS;

const hidden = { hidden: <span className="sr-only" /> };

export function LinkSanitizationHighlightMarkup() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="sanitization-heading" className="section border-y border-line bg-surface-sunken">
      <div className="container-page grid items-center gap-12 lg:grid-cols-[0.9fr_1.1fr]">
        <div>
          <p className="eyebrow">
            <span className="live-badge mr-2 align-middle">
              <span className="live-dot" aria-hidden="true" />
              {t("homeIslands.sanitization.live")}
            </span>
            {t("homeIslands.sanitization.eyebrow")}
          </p>
          <h2 id="sanitization-heading" className="section-title">
            {t("homeIslands.sanitization.title")}
          </h2>
          <p className="section-lead">{t("homeIslands.sanitization.lead", { appName: siteConfig.appName })}</p>
          <dl className="mt-8 grid grid-cols-3 gap-3">
            {CLAIMS.map((claim) => (
              <div key={claim.figure} className="sanitize-claim">
                <dt className="text-xs leading-snug text-ink-muted sm:text-sm">{t(`sanitizationClaims.${claim.id}`)}</dt>
                <dd className="order-first text-2xl font-extrabold tracking-tight text-(--accent-text) sm:text-3xl">
                  {claim.figure}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={localized("/link-sanitization")} className="btn btn-primary btn-lg">
              <T id="homeIslands.sanitization.learnMore" components={hidden} />
            </Link>
            <a className="btn btn-secondary btn-lg" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              <T id="homeIslands.sanitization.download" components={hidden} />
            </a>
          </div>
        </div>

        <figure className="card p-5 sm:p-7">
          <figcaption className="text-sm font-semibold">{t("homeIslands.sanitization.caption")}</figcaption>
          <div className="mt-5">
            <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-ink-muted">
              <span className="sanitize-dot bg-red-500" aria-hidden="true" />
              {t("homeIslands.sanitization.before", { count: EXAMPLE_TRACKERS.length })}
            </p>
            <p className="sanitize-url mt-2">
              <span>{EXAMPLE_PAGE}</span>
              {EXAMPLE_TRACKERS.map(([name, value], index) => (
                <span key={name}>
                  {index === 0 ? "?" : "&"}
                  <del className="sanitize-tracker">
                    {name}={value}
                  </del>
                </span>
              ))}
            </p>
          </div>
          <div className="my-4 flex items-center gap-3 text-xs font-medium text-ink-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 4v16M6 14l6 6 6-6" />
            </svg>
            {t("homeIslands.sanitization.removedOnSave")}
            <span className="h-px flex-1 bg-line" />
          </div>
          <div>
            <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-ink-muted">
              <span className="sanitize-dot bg-emerald-500" aria-hidden="true" />
              {t("homeIslands.sanitization.after")}
            </p>
            <p className="sanitize-url sanitize-url-clean mt-2">{EXAMPLE_PAGE}</p>
          </div>
        </figure>
      </div>
    </section>
  );
}
