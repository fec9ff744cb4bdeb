import { Link } from "@remix-run/react";
import { Fragment, type ReactElement, type ReactNode } from "react";
import { siteConfig } from "~/config/site";
import { useSiteUrl } from "~/hooks/useSiteUrl";
import { formatCalendarDayIn } from "~/lib/dates";
import type { MessageId } from "~/lib/i18n/message-id";
import { T, useLang, useLocalizedPath, useT } from "~/lib/i18n/react";

/** The hosts the legal texts name: the site's own (its canonical origin's) and the donation page's. */
export function SiteHost() {
  return <>{new URL(useSiteUrl()).host}</>;
}
export const donationHost = new URL(siteConfig.donationUrl).host;

/** The support address as a mailto link: where the legal pages tell people to write. */
export function SupportEmail() {
  return <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>;
}

/** One piece of a section: a paragraph, a list (one message an item), or an element of the page's own. */
export type LegalBlock = { p: MessageId } | { list: readonly MessageId[] } | { element: ReactNode };

export interface LegalSection {
  /** The anchor (`/privacy.html#cookies`): keep it stable, people link to it. */
  id: string;
  title: MessageId;
  blocks: readonly LegalBlock[];
}

export interface LegalDocumentProps {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text. */
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** The values and markup the legal messages may use (`<email></email>`, `<b>`, `{appName}`…). */
function useLegalMarkup(): { values: Record<string, string>; components: Record<string, ReactElement> } {
  const localized = useLocalizedPath();
  return {
    values: { appName: siteConfig.appName, donationHost },
    components: {
      b: <strong />,
      code: <code />,
      email: <SupportEmail />,
      site: <SiteHost />,
      contactLink: <Link to={localized("/contact")} />,
      sanitizerLink: <Link to={localized("/link-sanitization")} />,
      privacyLink: <Link to={localized("/privacy.html")} />,
      analyticsLink: <a href="#analytics" />,
      humanCheckLink: <a href="#human-check" />,
      waitlistLink: <a href="#waitlist" />,
    },
  };
}

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  const markup = useLegalMarkup();
  return (
    <>
      {blocks.map((block, index) =>
        "p" in block ? (
          <p key={block.p}>
            <T id={block.p} {...markup} />
          </p>
        ) : "list" in block ? (
          <ul key={block.list[0]}>
            {block.list.map((item) => (
              <li key={item}>
                <T id={item} {...markup} />
              </li>
            ))}
          </ul>
        ) : (
          <Fragment key={index}>{block.element}</Fragment>
        ),
      )}
    </>
  );
}

/** A plain-language legal page: one h1, the date of the last change, a table of contents, anchored sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <article className="section">
      <div className="container-page">
        <header className="max-w-3xl">
          <p className="eyebrow">{t("legal.document.eyebrow")}</p>
          <h1 className="hero-title">{title}</h1>
          <p className="mt-4 text-sm text-ink-muted">
            <T id="legal.document.lastUpdated" values={{ date: formatCalendarDayIn(lang, lastUpdated) }} components={{ time: <time dateTime={lastUpdated} /> }} />
          </p>
          <div className="legal-body mt-6 text-lg">
            <p>{intro}</p>
          </div>
        </header>

        <div className="mt-12 grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-labelledby="legal-toc-heading" className="legal-toc">
            <h2 id="legal-toc-heading" className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
              {t("legal.document.contents")}
            </h2>
            <ol className="mt-3 space-y-1">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a className="legal-toc-link" href={`#${section.id}`}>
                    <span className="legal-toc-number" aria-hidden="true">
                      {index + 1}.
                    </span>
                    {t(section.title)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="min-w-0 max-w-3xl">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="legal-section">
                <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                  <span className="legal-section-number">{index + 1}.</span> {t(section.title)}
                </h2>
                <div className="legal-body mt-4">
                  <Blocks blocks={section.blocks} />
                </div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </article>
  );
}
