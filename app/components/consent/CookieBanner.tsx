import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { loadConsent, onCookieSettingsRequest, REJECT_ALL } from "~/lib/consent";
import { COOKIE_BANNER_DELAY_MS } from "~/lib/constants";
import type { BannerRequest } from "./CookieBannerPanel";

// The banner's UI is only needed by visitors without a stored choice: it is loaded when it opens.
const CookieBannerPanel = lazy(() => import("./CookieBannerPanel"));

/**
 * The cookie consent banner (spec section 4). A compact, non-modal bar fixed over the bottom of the
 * page: it never moves content, and keeps the focused field and the submit buttons clear of it
 * (useKeepClearOfBanner, ADR 0046). It appears COOKIE_BANNER_DELAY_MS after load when no choice is
 * stored, and again on a "Cookie settings" request (openCookieSettings in ~/lib/consent).
 */
export function CookieBanner() {
  const [request, setRequest] = useState<(BannerRequest & { key: number }) | null>(null);

  useEffect(() => {
    const timer = loadConsent()
      ? undefined
      : setTimeout(() => setRequest({ view: "summary", draft: REJECT_ALL, focus: false, returnFocusTo: null, key: 0 }), COOKIE_BANNER_DELAY_MS);
    const stop = onCookieSettingsRequest(() => {
      clearTimeout(timer);
      const stored = loadConsent();
      setRequest((current) => ({
        view: stored ? "customize" : "summary",
        draft: stored ? stored.choices : REJECT_ALL,
        focus: true,
        returnFocusTo: document.activeElement instanceof HTMLElement ? document.activeElement : null,
        key: (current?.key ?? 0) + 1,
      }));
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);

  const close = useCallback(() => setRequest(null), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <CookieBannerPanel key={request.key} request={request} onClose={close} />
    </Suspense>
  );
}
