/**
 * What a route whose action answers a public form exports beside it (ADR 0051):
 *
 *   export const headers = publicFormHeaders;
 */
import type { HeadersFunction } from "@remix-run/cloudflare";

/** A page answering a form sent without JavaScript keeps the action's Retry-After (rate limited). */
export const publicFormHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
