import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { track } from "~/features/analytics/browser/track";

/**
 * Records a page_view on the first page and on every client-side route change (spec section 2).
 * The admin area is the owner's own work, not visitor traffic: it is never recorded.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname === "/admin" || pathname.startsWith("/admin/")) return;
    track("page_view", { path: pathname, search, title: document.title, referrer: document.referrer || "direct" });
  }, [pathname, search]);
}
