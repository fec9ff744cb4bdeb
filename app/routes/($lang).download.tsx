import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { AppStoreLink } from "~/components/info/AppStoreLink";
import { CtaPanel } from "~/components/info/CtaPanel";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { ComingSoonPlatforms } from "~/components/landing/ComingSoonPlatforms";
import { NotifyProvider } from "~/features/notify/notify-context";
import { CheckIcon } from "~/components/ui/icons";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { FREE_PLAN, TRIAL_DAYS } from "~/content/plans";
import { useSiteUrl } from "~/hooks/useSiteUrl";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Download for iPhone and iPad · ${siteConfig.appName}`,
    description: `Download ${siteConfig.appName} free from the App Store for iPhone and iPad: requirements, what the free app includes, and the platforms coming next.`,
    path: "/download",
  }, matches);

/** What the App Store listing states; the listing itself is the authority for the exact figures. */
const REQUIREMENTS = [
  { label: "iPhone", value: "iOS 16.0 or later" },
  { label: "iPad", value: "iPadOS 16.0 or later" },
  { label: "Download size", value: "About 25 MB" },
  { label: "Languages", value: "English" },
  { label: "Price", value: "Free, with optional Pro and Family subscriptions" },
] as const;

export default function DownloadPage() {
  // This page's address without the scheme, readable enough to type.
  const pageAddress = `${new URL(useSiteUrl()).host}/download`;
  return (
    <NotifyProvider>
      <PageIntro
        eyebrow="Download"
        title={`Get ${siteConfig.appName} for iPhone and iPad`}
        lead="Free on the App Store. Save your first link in under a minute: no account, no sign-up, nothing leaves your device unless you choose to sync."
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
          <AppStoreLink />
          <Link to="/pricing" className="btn btn-secondary btn-lg">
            See plans and pricing
          </Link>
        </div>
        <div className="download-hint mt-8">
          <p className="font-semibold">Reading this on a computer?</p>
          <p className="mt-1 text-ink-muted">
            On your iPhone or iPad, open <strong className="text-ink">{pageAddress}</strong> in Safari and tap the App
            Store button, or search the App Store for “{siteConfig.appName}”. The listing is at{" "}
            <a className="info-link break-all" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              {siteConfig.appStoreUrl}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            .
          </p>
        </div>
      </PageIntro>

      <section aria-labelledby="requirements-heading" className="section">
        <div className="container-page grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="requirements-heading"
              eyebrow="Requirements"
              title="What you need"
              lead="Any iPhone or iPad that runs a recent version of iOS or iPadOS. The App Store shows the exact size for your device before you download."
            />
            <dl className="requirements card mt-8">
              {REQUIREMENTS.map((item) => (
                <div key={item.label}>
                  <dt>{item.label}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
          </div>

          <div>
            <SectionHeading
              id="included-heading"
              eyebrow="What you get"
              title="Free, and complete on its own"
              lead={`The free app is the everyday ${siteConfig.appName}, not a trial version.`}
            />
            <ul className="mt-8 space-y-3">
              {FREE_PLAN.includes.map((item) => (
                <li key={item} className="flex gap-3">
                  <span className="check-bubble">
                    <CheckIcon width={14} height={14} />
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-ink-muted">
              Want sync across devices, unlimited shared collections, AI suggestions and reminders? Try Pro free for{" "}
              {TRIAL_DAYS} days{MARKETING_CLAIMS.noCreditCard ? ", no credit card required" : ""}.{" "}
              <Link to="/pricing" className="info-link">
                Compare plans
              </Link>
            </p>
          </div>
        </div>
      </section>

      <ComingSoonPlatforms />

      <CtaPanel
        id="beta-heading"
        title="Get new versions first"
        lead="Beta testers receive new builds through TestFlight before they reach the App Store, and talk to the developer directly about what works and what doesn't."
        actionsClassName="flex justify-center"
      >
        <Link to="/waitlist" className="btn btn-primary btn-lg">
          Join the beta
        </Link>
      </CtaPanel>
    </NotifyProvider>
  );
}
