/**
 * Server data for the landing page and every other page that carries the waitlist form.
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { attributionFrom } from "~/lib/attribution";

export function waitlistFormContext(request: Request) {
  return {
    renderedAt: Date.now(),
    attribution: attributionFrom(request.url, request.headers.get("Referer")),
  };
}

export async function loadLandingPage(request: Request, _context: AppLoadContext) {
  return json(
    {
      waitlistForm: waitlistFormContext(request),
      reviews: [] as Array<{ id: number }>,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
