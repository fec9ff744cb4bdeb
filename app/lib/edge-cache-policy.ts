/**
 * What a page's loader and the edge cache (app/server/edge-cache.ts, ADR 0025) agree on: how long a
 * stored page stays fresh, the Cache-Control values a loader answers to let the edge keep its page
 * or not, and the A/B assignment the pipeline hands the loader. Here in lib/ so that loaders
 * (lib/, routes/) never import the request pipeline; the edge cache imports it from here.
 */
import type { AbAssignments } from "~/lib/ab-tests";

export const EDGE_CACHE_FRESH_SECONDS = 60;
export const EDGE_CACHE_STALE_SECONDS = 600;

/** What a loader answers to let the edge cache keep its page; anything else is never stored. */
export const EDGE_CACHEABLE = `public, max-age=0, s-maxage=${EDGE_CACHE_FRESH_SECONDS}, stale-while-revalidate=${EDGE_CACHE_STALE_SECONDS}`;
/** What a loader answers for a page rendered from fallbacks (a failed read): never stored. */
export const NOT_CACHEABLE = "private, no-store";

/** The A/B assignment the pipeline made for the cache key; the loader renders exactly this one. */
export interface PrecomputedAbAssignment {
  assignments: AbAssignments;
  setCookie: string | null;
}
