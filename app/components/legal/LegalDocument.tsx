import type { ReactNode } from "react";
import { siteConfig } from "~/config/site";
import { useSiteUrl } from "~/hooks/useSiteUrl";

/** The hosts the legal texts name: the site's own (its canonical origin's) and the donation page's. */
export function SiteHost() {
  return <>{new URL(useSiteUrl()).host}</>;
}
export const donationHost = new URL(siteConfig.donationUrl).host;

/** The support address as a mailto link: where the legal pages tell people to write. */
export function SupportEmail() {
  return <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>;
}

export interface LegalSection {
  /** The anchor (`/privacy.html#cookies`): keep it stable, people link to it. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  eyebrow: string;
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text. */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** "21 November 2026", the same on the server and in every browser (no locale or time zone). */
export function formatLegalDate(isoDate: string): string {
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}

/** A plain-English legal page: one h1, the date of the last change, a table of contents, anchored sections. */
export function LegalDocument({ eyebrow, title, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="section">
      <div className="container-page">
        <header className="max-w-3xl">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="hero-title">{title}</h1>
          <p className="mt-4 text-sm text-ink-muted">
            Last updated <time dateTime={lastUpdated}>{formatLegalDate(lastUpdated)}</time>
          </p>
          <div className="legal-body mt-6 text-lg">{intro}</div>
        </header>

        <div className="mt-12 grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-labelledby="legal-toc-heading" className="legal-toc">
            <h2 id="legal-toc-heading" className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
              Contents
            </h2>
            <ol className="mt-3 space-y-1">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a className="legal-toc-link" href={`#${section.id}`}>
                    <span className="legal-toc-number" aria-hidden="true">
                      {index + 1}.
                    </span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="min-w-0 max-w-3xl">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="legal-section">
                <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                  <span className="legal-section-number">{index + 1}.</span> {section.title}
                </h2>
                <div className="legal-body mt-4">{section.content}</div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </article>
  );
}
