/**
 * URLs as analytics may see them: a page's query reduced to its utm_* parameters, a referrer without its
 * query or fragment. The pages behind email links carry their signed token in the query
 * (/waitlist/status?token=…); no analytics destination, ours or a third party's, may ever receive it.
 * Shared by the browser (page views, Google Analytics) and the server's collector.
 */

/** A query string reduced to its utm_* parameters ("" when none is left). */
export function utmQueryOnly(search: string): string {
  const kept = [...new URLSearchParams(search.replace(/^\?/, "")).entries()].filter(([key]) => key.toLowerCase().startsWith("utm_"));
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : "";
}

/** A URL without its query and fragment (its path alone when it is not absolute). */
export function withoutQuery(value: string): string {
  return value.split(/[?#]/, 1)[0] || "/";
}

/** An absolute page URL with only its utm_* parameters kept. */
export function pageUrlForAnalytics(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}${utmQueryOnly(url.search)}`;
}
