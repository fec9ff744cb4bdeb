import { localizedPath, splitLanguage } from "~/lib/i18n/languages";

/**
 * Pages the service worker keeps for offline visits (spec section 2), as English paths. The landing
 * page stands in for `/`, which only redirects (ADR 0057) and so cannot be kept as a page.
 */
export const OFFLINE_PAGES = ["/home", "/blog", "/link-sanitization"];

/** Registers /sw.js (scope /) after load, then asks the active worker to cache OFFLINE_PAGES in the page's language. */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const { lang } = splitLanguage(window.location.pathname);
      registration.active?.postMessage({ type: "CACHE_URLS", urls: OFFLINE_PAGES.map((path) => localizedPath(lang, path)) });
    } catch (error) {
      console.warn("Service worker registration failed", error);
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
