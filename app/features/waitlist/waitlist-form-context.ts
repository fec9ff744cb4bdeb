import { attributionFrom } from "~/lib/attribution";

/**
 * What a page carrying the waitlist form gives it from its loader: the render time (the spec's
 * submissionTime) and the visit's attribution (sent with the form when JavaScript is off).
 * Only loaders import it, so the browser bundle drops it; a .server name would instead leave an
 * empty module behind in the page's JavaScript.
 */
export function waitlistFormContext(request: Request) {
  return {
    renderedAt: Date.now(),
    attribution: attributionFrom(request.url, request.headers.get("Referer")),
  };
}
