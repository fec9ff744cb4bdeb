import { WaitlistSection, type WaitlistSectionProps } from "~/features/waitlist/WaitlistSection";
import { AppleIcon, CheckIcon, ShieldIcon } from "~/components/ui/icons";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";

const REASONS = [
  { title: "Save in two taps", body: "Share any page from Safari, YouTube or Reddit and it lands in the right category." },
  { title: "Trackers stripped", body: "utm_, fbclid, gclid and friends are removed before a link is stored or shared." },
  { title: "Private by design", body: "No account, no ads, no analytics SDKs. Your library lives on your device." },
] as const;

/**
 * The promotion landing (/promotion and its blue variant /promotion-blue): one message, the App
 * Store link and the waitlist form, nothing else to distract.
 */
export function PromotionPage({ variant, waitlistForm }: { variant: "indigo" | "blue"; waitlistForm: WaitlistSectionProps }) {
  return (
    <div className={variant === "blue" ? "promo promo-blue" : "promo"}>
      <section className="promo-hero" aria-labelledby="promo-heading">
        <div className="container-page py-16 text-center lg:py-24">
          <p className="promo-eyebrow">Limited beta · free during testing</p>
          <h1 id="promo-heading" className="hero-title mx-auto max-w-3xl">
            Every link you save, clean, organised and yours alone
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg opacity-90">
            {siteConfig.appName} turns the pile of links in your notes, tabs and chats into a calm library you can search
            in a second. {MARKETING_CLAIMS.users} people already use it, rated {MARKETING_CLAIMS.averageRating} on average.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <a className="btn btn-lg promo-cta" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              <AppleIcon />
              Download on App Store
            </a>
            <a className="btn btn-lg promo-secondary" href="#waitlist">
              Join the beta
            </a>
          </div>
          <p className="mt-4 text-sm opacity-80">
            {MARKETING_CLAIMS.freeTrialDays}-day free trial · No credit card required
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="promo-reasons">
        <div className="container-page">
          <h2 id="promo-reasons" className="section-title text-center">
            Why people switch
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {REASONS.map((reason) => (
              <li key={reason.title} className="card p-6">
                <span className="check-bubble">
                  <CheckIcon width={16} height={16} />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
                <p className="mt-2 text-ink-muted">{reason.body}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center justify-center gap-2 text-sm text-ink-muted">
            <ShieldIcon width={16} height={16} /> Privacy-first: we never sell or share your data.
          </p>
        </div>
      </section>
      <WaitlistSection {...waitlistForm} />
    </div>
  );
}
