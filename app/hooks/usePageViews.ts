import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { track } from "~/features/analytics/browser/track";
import { utmQueryOnly, withoutQuery } from "~/features/analytics/url-privacy";

/**
 * Records a page_view on the first page and on every client-side route change (spec section 2).
 * The admin area is the owner's own work, not visitor traffic: it is never recorded.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => trackPageView(pathname, search), [pathname, search]);
}

/** Records one page_view (a page that boots only its islands records its one view with this). */
export function trackPageView(pathname: string, search: string): void {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return;
  // Only utm_* of the query, and the referrer without its query: the pages behind email links carry
  // a signed token there, and events reach third parties once a visitor consents.
  track("page_view", { path: pathname, search: utmQueryOnly(search), title: document.title, referrer: document.referrer ? withoutQuery(document.referrer) : "direct" });
}
