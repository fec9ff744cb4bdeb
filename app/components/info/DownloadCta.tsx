import { Link } from "@remix-run/react";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { TRIAL_DAYS } from "~/content/plans";
import { AppStoreLink } from "./AppStoreLink";
import { CtaPanel } from "./CtaPanel";

/** The closing call to action of the information pages: download, or join the beta. */
export function DownloadCta({ title = `Try ${siteConfig.appName} today` }: { title?: string }) {
  return (
    <CtaPanel
      id="cta-heading"
      title={title}
      lead={
        <>
          Free to download for iPhone and iPad. Pro starts with a {TRIAL_DAYS}-day free trial
          {MARKETING_CLAIMS.noCreditCard ? ", no credit card required" : ""}. Want new versions before everyone else?
          Join the beta.
        </>
      }
      actionsClassName="flex flex-col justify-center gap-3 sm:flex-row"
    >
      <AppStoreLink />
      <Link to="/waitlist" className="btn btn-secondary btn-lg">
        Join the beta
      </Link>
    </CtaPanel>
  );
}
