import { Icon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { trackedClick } from "~/features/analytics/browser/track";

const CoffeeIcon = () => (
  <Icon size={22}>
    <path d="M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9z" />
    <path d="M17 11h1.5a2.5 2.5 0 0 1 0 5H17" />
    <path d="M8 3.5c0 1 .8 1.5.8 2.5M12 3.5c0 1 .8 1.5.8 2.5" />
  </Icon>
);

export function SupportSectionMarkup() {
  return (
    <section aria-labelledby="support-heading" className="section">
      <div className="container-page">
        <div className="support-panel mx-auto max-w-3xl text-center">
          <span className="feature-icon mx-auto">
            <CoffeeIcon />
          </span>
          <h2 id="support-heading" className="section-title mt-5">
            Support an indie developer
          </h2>
          <p className="section-lead mx-auto max-w-xl">
            {siteConfig.appName} is designed, built and supported by one independent developer, with no ads and no data to
            sell. If it saves you time, a coffee helps pay for the servers and the next release.
          </p>
          <a
            className="btn btn-lg support-button mt-8"
            href={siteConfig.donationUrl}
            target="_blank"
            rel="noopener noreferrer"
            {...trackedClick("support_developer_click")}
          >
            <CoffeeIcon />
            Buy Me a Coffee
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="mt-4 text-sm text-ink-muted">Entirely optional: a coffee unlocks nothing in the app, it just keeps the work going.</p>
        </div>
      </div>
    </section>
  );
}
