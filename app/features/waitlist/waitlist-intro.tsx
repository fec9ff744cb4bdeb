import { siteConfig } from "~/config/site";
import { useT } from "~/lib/i18n/react";

/** The four benefits (spec section 2), in order: their words are waitlist.intro.benefits.<key>. */
const BENEFITS = ["earlyAccess", "betaTesting", "directCommunication", "v2Features"] as const;

/**
 * The waitlist section's static text (spec section 2), in two parts so the form can sit between
 * them on a phone: "heading" (eyebrow and heading) above the form, "details" (lead and the four
 * benefits) below it.
 */
export function WaitlistIntro({ part, headingLevel = 2 }: { part: "heading" | "details"; headingLevel?: 1 | 2 }) {
  const t = useT();
  if (part === "heading") {
    const Heading = headingLevel === 1 ? "h1" : "h2";
    return (
      <>
        <p className="eyebrow">{t("waitlist.intro.eyebrow")}</p>
        <Heading id="waitlist-heading" className="section-title">
          {t("waitlist.intro.heading")}
        </Heading>
      </>
    );
  }
  return (
    <>
      <p className="section-lead">{t("waitlist.intro.lead", { appName: siteConfig.appName })}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-3">
            <span className="check-bubble" />
            <span>
              <strong className="block font-semibold">{t(`waitlist.intro.benefits.${benefit}.title`)}</strong>
              <span className="text-sm text-ink-muted">{t(`waitlist.intro.benefits.${benefit}.detail`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
