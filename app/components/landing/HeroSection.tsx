import { AppleIcon, CheckIcon } from "~/components/ui/Icons";
import { siteConfig } from "~/config/site";

const CHECKLIST = [
  "Save links from any app with the share sheet",
  "Tracking parameters removed automatically",
  "Categories, tags and instant search",
  "Your library stays on your device",
] as const;

export interface HeroSectionProps {
  headline?: string;
  ctaLabel?: string;
}

export function HeroSection({
  headline = "Organize Your Digital World Intelligently",
  ctaLabel = "Download on App Store",
}: HeroSectionProps) {
  return (
    <section aria-labelledby="hero-heading" className="hero">
      <div className="container-page grid items-center gap-12 py-16 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div>
          <p className="eyebrow">Now in beta · iPhone &amp; iPad</p>
          <h1 id="hero-heading" className="hero-title">
            {headline}
          </h1>
          <p className="section-lead max-w-xl">
            {siteConfig.appName} keeps every article, video and recipe you save in one calm, searchable place, with
            the trackers stripped out and nothing sent to anyone.
          </p>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2">
            {CHECKLIST.map((item) => (
              <li key={item} className="flex items-start gap-3">
                <span className="check-bubble">
                  <CheckIcon width={16} height={16} />
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <a className="btn btn-primary btn-lg" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              <AppleIcon />
              {ctaLabel}
            </a>
            <a className="btn btn-secondary btn-lg" href="#waitlist">
              Join the beta
            </a>
          </div>
        </div>
        <div className="flex justify-center" aria-hidden="true">
          <div className="phone-frame">
            <div className="phone-screen">
              <div className="flex items-center justify-between px-4 pt-6">
                <span className="text-lg font-bold">My Links</span>
                <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">+ Add</span>
              </div>
              <div className="mx-4 mt-4 rounded-xl bg-surface-sunken px-3 py-2 text-xs text-ink-muted">Search 248 links</div>
              <ul className="mt-4 space-y-2 px-4">
                {[
                  ["Reading", "The case for slow software", "bg-brand-500"],
                  ["Recipes", "Weeknight miso salmon", "bg-amber-500"],
                  ["Design", "Type scale cheat sheet", "bg-emerald-500"],
                  ["Travel", "Lisbon in three days", "bg-sky-500"],
                ].map(([category, title, color]) => (
                  <li key={title} className="flex items-center gap-3 rounded-xl bg-surface p-3 shadow-sm">
                    <span className={`h-9 w-9 shrink-0 rounded-lg ${color}`} />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-semibold">{title}</span>
                      <span className="text-xs text-ink-muted">{category}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
