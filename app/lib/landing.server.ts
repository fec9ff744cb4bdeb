/**
 * Server data for the landing page and every other page that carries the waitlist form.
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { assignAbTests } from "~/lib/ab-tests.server";
import { attributionFrom } from "~/lib/attribution";
import { reviewsForLanding } from "~/lib/reviews.server";
import { shouldShowReviews } from "~/lib/settings.server";

export function waitlistFormContext(request: Request) {
  return {
    renderedAt: Date.now(),
    attribution: attributionFrom(request.url, request.headers.get("Referer")),
  };
}

export async function loadLandingPage(request: Request, context: AppLoadContext) {
  const { DB, CONFIG } = context.cloudflare.env;
  const [ab, reviews] = await Promise.all([
    assignAbTests(request, CONFIG),
    reviewsForLanding(DB, shouldShowReviews(DB)),
  ]);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (ab.setCookie) headers.append("Set-Cookie", ab.setCookie);
  return json(
    {
      waitlistForm: waitlistFormContext(request),
      reviews,
      ab: ab.assignments,
    },
    { headers },
  );
}
