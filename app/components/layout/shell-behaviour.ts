/**
 * What every page does in the browser besides its own components, whether it hydrates (root's effect)
 * or ships only its islands (bootIslandPage, ADR 0060): the header's disclosures, the footer's buttons,
 * click tracking, the page view of a page restored from the back/forward cache, and the rest of
 * analytics (sink, events, vitals, third parties) when idle.
 */
import { loadAnalyticsWhenIdle } from "~/features/analytics/browser/load";
import { installClickTracking } from "~/features/analytics/browser/track";
import { trackPageView } from "~/hooks/usePageViews";
import { installFooterActions } from "./footer-actions";
import { installHeaderDisclosures } from "./header-disclosures";

/** Listens on the document; returns the clean-up. */
export function installShellBehaviour(): () => void {
  loadAnalyticsWhenIdle();
  const stops = [installHeaderDisclosures(), installFooterActions(), installClickTracking(), installRestoredPageViews()];
  return () => {
    for (const stop of stops) stop();
  };
}

/** A page restored from the back/forward cache runs no script and no effect again, yet it is a page view. */
function installRestoredPageViews(): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) trackPageView(window.location.pathname, window.location.search);
  };
  addEventListener("pageshow", onPageShow);
  return () => removeEventListener("pageshow", onPageShow);
}
