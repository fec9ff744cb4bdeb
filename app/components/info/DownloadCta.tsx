import { Link } from "@remix-run/react";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { TRIAL_DAYS } from "~/content/plans";
import { AppStoreLink } from "./AppStoreLink";

/** The closing call to action of the information pages: download, or join the beta. */
export function DownloadCta({ title = `Try ${siteConfig.appName} today` }: { title?: string }) {
  return (
    <section aria-labelledby="cta-heading" className="section">
      <div className="container-page">
        <div className="info-cta mx-auto max-w-4xl text-center">
          <h2 id="cta-heading" className="section-title">
            {title}
          </h2>
          <p className="section-lead mx-auto max-w-2xl">
            Free to download for iPhone and iPad. Pro starts with a {TRIAL_DAYS}-day free trial
            {MARKETING_CLAIMS.noCreditCard ? ", no credit card required" : ""}. Want new versions before everyone else?
            Join the beta.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <AppStoreLink />
            <Link to="/waitlist" className="btn btn-secondary btn-lg">
              Join the beta
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
