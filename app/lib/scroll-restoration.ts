import type { Location } from "@remix-run/react";

/**
 * The key under which Remix's <ScrollRestoration> saves and restores a history entry's scroll position.
 *
 * Remix gives every entry it creates a random key, but an entry the browser creates itself (a plain
 * in-page link such as a legal page's table of contents, `<a href="#cookies">`) has no state, so React
 * Router keys it "default", and every such entry on every page shares one saved position. Clicking
 * "Contents → 2." on /terms.html then "restored" the position saved when the visitor left an anchor on
 * /privacy.html, scrolling away from the section just clicked (issue 18: the legal-pages test saw it as
 * a flaky toBeInViewport). Such entries are keyed by their own address instead, so a new anchor is
 * scrolled to, and going back to one restores where the visitor was on that page.
 */
export function scrollRestorationKey(location: Location): string {
  return location.key === "default" && location.hash ? `${location.pathname}${location.search}${location.hash}` : location.key;
}
