import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * An admin route's `headers`: a refused attempt's Retry-After (429) reaches the browser on a plain
 * form post too, where Remix would otherwise keep only the page's own headers.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
