/**
 * Server data for the landing page and every other page that carries the waitlist form.
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { assignAbTests } from "~/lib/ab-tests.server";
import { FAQ } from "~/content/faq";
import { FEATURE_GRID } from "~/content/features";
import { HOW_IT_WORKS } from "~/content/how-it-works";
import { ROADMAP } from "~/content/roadmap";
import { V2_FEATURES } from "~/content/v2-features";
import { attributionFrom } from "~/lib/attribution";
import { faqPageData, organizationData, softwareApplicationData } from "~/lib/structured-data";
import { reviewsForLanding } from "~/lib/reviews.server";
import { shouldShowReviews } from "~/lib/settings.server";
import { EDGE_CACHEABLE, NOT_CACHEABLE } from "~/server/edge-cache";

export function waitlistFormContext(request: Request) {
  return {
    renderedAt: Date.now(),
    attribution: attributionFrom(request.url, request.headers.get("Referer")),
  };
}

/**
 * The landing page's copy travels as loader data rather than as imported modules: the words are in
 * the HTML either way, and this keeps them out of the JavaScript a first visit downloads.
 */
const LANDING_CONTENT = {
  faq: FAQ,
  featureGrid: FEATURE_GRID.map(({ slug, title, summary, icon }) => ({ slug, title, summary, icon })),
  howItWorks: HOW_IT_WORKS,
  roadmap: ROADMAP,
  v2: V2_FEATURES,
};

const LANDING_STRUCTURED_DATA = [softwareApplicationData(), organizationData(), faqPageData(FAQ)];

/**
 * The landing page's data. A page built from any fallback is never edge-cached, so an outage is not
 * kept for others.
 */
export async function loadLandingPage(request: Request, context: AppLoadContext) {
  const { DB, CONFIG } = context.cloudflare.env;
  let degraded = false;
  const fellBack = () => {
    degraded = true;
  };
  const [ab, reviews] = await Promise.all([
    context.abAssignment ?? assignAbTests(request, CONFIG),
    reviewsForLanding(DB, shouldShowReviews(DB, fellBack), fellBack),
  ]);
  const headers = new Headers({ "Cache-Control": degraded ? NOT_CACHEABLE : EDGE_CACHEABLE });
  if (ab.setCookie) headers.append("Set-Cookie", ab.setCookie);
  return json(
    {
      waitlistForm: waitlistFormContext(request),
      reviews,
      ab: ab.assignments,
      content: LANDING_CONTENT,
      structuredData: LANDING_STRUCTURED_DATA,
    },
    { headers },
  );
}
