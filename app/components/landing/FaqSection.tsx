import { ChevronDownIcon } from "~/components/ui/icons";
import { Link } from "@remix-run/react";
import type { SyntheticEvent } from "react";
import type { FaqEntry } from "~/content/faq";
import { track } from "~/features/analytics/browser/track";
import { useLocalizedPath, useT } from "~/lib/i18n/react";

/**
 * The accordion is built from <details name="faq"> elements, and why: the browser gives each
 * question a real disclosure control (keyboard, focus, expanded state announced) that works
 * without JavaScript, and the shared `name` makes the group exclusive (opening one closes the
 * open one) natively in Chromium 120+, Safari 17.2+ and Firefox 130+. Closing the open one
 * leaves all closed. Once hydrated, onToggle closes the others too, which is a no-op where the
 * browser already did it and gives older browsers the same one-at-a-time behaviour.
 * Find-in-page also searches and opens closed <details>, which a button-driven accordion that
 * hides answers with `hidden` would not allow.
 * The page head carries the same questions as JSON-LD: faqPageData() in ~/lib/structured-data.
 *
 * Other pages reuse the section with their own subset and wording (the props); with none it is
 * the landing page's section. Its id is always "faq": one FAQ section per page. Its own words are
 * in the `faqSection` namespace, which every page that renders it sends to the browser.
 */
export interface FaqSectionProps {
  /** The questions to show, in the page's language (the landing page passes the whole FAQ through its loader). */
  entries: readonly FaqEntry[];
  eyebrow?: string;
  title?: string;
  lead?: string;
  /** Where "Join Beta Testing" leads: the landing page's own waitlist section by default. */
  betaHref?: string;
  /** Extra classes for the section (e.g. a background). */
  className?: string;
}

export function FaqSection({ entries, eyebrow, title, lead, betaHref = "#waitlist", className }: FaqSectionProps) {
  const t = useT();
  const localized = useLocalizedPath();
  function onToggle(event: SyntheticEvent<HTMLDetailsElement>, question: string) {
    const details = event.currentTarget;
    if (!details.open) return;
    track("faq_click", { question });
    const group = details.closest("[data-faq-group]");
    group?.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((other) => {
      if (other !== details) other.open = false;
    });
  }

  return (
    <section id="faq" aria-labelledby="faq-heading" className={className ? `section ${className}` : "section"}>
      <div className="container-page max-w-3xl">
        <div className="text-center">
          <p className="eyebrow">{eyebrow ?? t("faqSection.eyebrow")}</p>
          <h2 id="faq-heading" className="section-title">
            {title ?? t("faqSection.title")}
          </h2>
          <p className="section-lead">{lead ?? t("faqSection.lead")}</p>
        </div>

        <div className="faq-list mt-10" data-faq-group>
          {entries.map((entry) => (
            <details key={entry.id} id={`faq-${entry.id}`} name="faq" className="faq-item" onToggle={(e) => onToggle(e, entry.question)}>
              <summary className="faq-summary">
                <h3 className="text-base font-semibold text-pretty sm:text-lg">{entry.question}</h3>
                <ChevronDownIcon className="faq-chevron" />
              </summary>
              <p className="faq-answer">{entry.answer}</p>
            </details>
          ))}
        </div>

        <div className="mt-10 rounded-2xl border border-line bg-surface-sunken p-6 text-center sm:p-8">
          <p className="text-lg font-semibold">{t("faqSection.stillQuestion")}</p>
          <p className="mt-1 text-ink-muted">{t("faqSection.askDeveloper")}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={localized("/contact")} className="btn btn-secondary">
              {t("faqSection.contact")}
            </Link>
            <a href={betaHref} className="btn btn-primary">
              {t("faqSection.joinBeta")}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
