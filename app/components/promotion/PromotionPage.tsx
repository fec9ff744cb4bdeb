import { WaitlistSection, type WaitlistSectionProps } from "~/features/waitlist/WaitlistSection";
import { AppleIcon, ShieldIcon } from "~/components/ui/icons";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { useT } from "~/lib/i18n/react";

const REASONS = ["save", "trackers", "private"] as const;

/**
 * The promotion landing (/promotion and its blue variant /promotion-blue): one message, the App
 * Store link and the waitlist form, nothing else to distract.
 */
export function PromotionPage({ variant, waitlistForm }: { variant: "indigo" | "blue"; waitlistForm: WaitlistSectionProps }) {
  const t = useT();
  return (
    <div className={variant === "blue" ? "promo promo-blue" : "promo"}>
      <section className="promo-hero" aria-labelledby="promo-heading">
        <div className="container-page py-16 text-center lg:py-24">
          <p className="promo-eyebrow">{t("promotion.eyebrow")}</p>
          <h1 id="promo-heading" className="hero-title mx-auto max-w-3xl">
            {t("promotion.heading")}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg opacity-90">
            {t("promotion.lead", { appName: siteConfig.appName, users: MARKETING_CLAIMS.users, rating: MARKETING_CLAIMS.averageRating })}
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <a className="btn btn-lg promo-cta" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              <AppleIcon />
              {t("promotion.appStore")}
            </a>
            <a className="btn btn-lg promo-secondary" href="#waitlist">
              {t("promotion.joinBeta")}
            </a>
          </div>
          <p className="mt-4 text-sm opacity-80">
            {t("promotion.trial", { days: MARKETING_CLAIMS.freeTrialDays })}
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="promo-reasons">
        <div className="container-page">
          <h2 id="promo-reasons" className="section-title text-center">
            {t("promotion.reasonsTitle")}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {REASONS.map((reason) => (
              <li key={reason} className="card p-6">
                <span className="check-bubble" />
                <h3 className="mt-4 text-lg font-semibold">{t(`promotion.reasons.${reason}.title`)}</h3>
                <p className="mt-2 text-ink-muted">{t(`promotion.reasons.${reason}.body`)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center justify-center gap-2 text-sm text-ink-muted">
            <ShieldIcon width={16} height={16} /> {t("promotion.privacy")}
          </p>
        </div>
      </section>
      <WaitlistSection {...waitlistForm} />
    </div>
  );
}
