import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { track } from "~/lib/analytics/track";

/** Records a page_view on the first page and on every client-side route change (spec section 2). */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    track("page_view", { path: pathname, search, title: document.title, referrer: document.referrer || "direct" });
  }, [pathname, search]);
}
