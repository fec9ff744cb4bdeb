/** Pages the service worker keeps for offline visits (spec section 2). */
export const OFFLINE_PAGES = ["/", "/blog", "/link-sanitization"];

/** Registers /sw.js (scope /) after load, then asks the active worker to cache OFFLINE_PAGES. */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      registration.active?.postMessage({ type: "CACHE_URLS", urls: OFFLINE_PAGES });
    } catch (error) {
      console.warn("Service worker registration failed", error);
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
