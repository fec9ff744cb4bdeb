/* Service worker (spec section 2). __BUILD_VERSION__ is replaced at build time (scripts/build.mjs),
 * so every deploy gets new caches and the old ones are deleted on activation.
 * HTML is network-first (a deploy is visible at once; the cache only serves when offline);
 * fingerprinted /build/ assets are cache-first (their names change when their content does). */
const VERSION = "__BUILD_VERSION__";
const PAGE_CACHE = `pages-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([PAGE_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page asks us to keep a few pages for offline use: { type: "CACHE_URLS", urls: [...] }. */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "CACHE_URLS" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGE_CACHE);
      for (const url of data.urls) {
        if (typeof url !== "string" || !url.startsWith("/")) continue;
        try {
          const response = await fetch(url, { credentials: "same-origin" });
          // A redirected response cannot answer a navigation; store pages only as themselves.
          if (response.ok && !response.redirected) await cache.put(url, response);
        } catch {
          // Offline while caching: try again on the next visit.
        }
      }
    })(),
  );
});

/**
 * Offline, a navigation gets its page if it was kept, else the landing page of its language (the path's
 * prefix, as in /de/features), else any landing page kept: `/` only redirects, so it is never kept itself.
 */
async function offlinePage(pathname) {
  const cache = await caches.open(PAGE_CACHE);
  const prefix = /^\/[a-z]{2}(?:-[a-z]{2})?\//.exec(pathname)?.[0] ?? "/";
  const kept = (await cache.match(pathname)) ?? (await cache.match(`${prefix}home`));
  if (kept) return kept;
  const anyLanding = (await cache.keys()).find((request) => new URL(request.url).pathname.endsWith("/home"));
  return anyLanding ? cache.match(anyLanding) : undefined;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/admin") || url.pathname.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    event.respondWith(
      (async () => {
        try {
          return await fetch(request);
        } catch (error) {
          const cached = await offlinePage(url.pathname);
          if (cached) return cached;
          throw error;
        }
      })(),
    );
    return;
  }

  if (url.pathname.startsWith("/build/")) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(ASSET_CACHE);
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      })(),
    );
  }
});
