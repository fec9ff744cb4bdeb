/**
 * Data every page that carries the waitlist form needs from the server.
 */
import { attributionFrom } from "~/lib/attribution";

export function waitlistFormContext(request: Request) {
  return {
    renderedAt: Date.now(),
    attribution: attributionFrom(request.url, request.headers.get("Referer")),
  };
}
