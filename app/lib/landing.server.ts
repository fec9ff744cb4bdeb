/**
 * Server data for the landing page (the route adds the data of its forms).
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { assignAbTests, SHOWN_VARIANTS_HEADER, shownVariantsValue } from "~/lib/ab-tests.server";
import { FAQ } from "~/content/faq";
import { FEATURE_GRID } from "~/content/features";
import { HOW_IT_WORKS } from "~/content/how-it-works";
import { ROADMAP } from "~/content/roadmap";
import { V2_FEATURES } from "~/content/v2-features";
import { canonicalSiteUrl } from "~/lib/seo";
import { faqPageData, organizationData, softwareApplicationData } from "~/lib/structured-data";
import { reviewsForLanding, type PublicReview } from "~/lib/reviews.server";
import { shouldShowReviews } from "~/lib/settings.server";
import { EDGE_CACHE_FRESH_SECONDS, EDGE_CACHEABLE, NOT_CACHEABLE } from "~/lib/edge-cache-policy";

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

/** The landing page's structured data, built once per canonical origin (one per deployment). */
const landingStructuredData = new Map<string, unknown[]>();
function structuredDataFor(siteUrl: string): unknown[] {
  let data = landingStructuredData.get(siteUrl);
  if (!data) landingStructuredData.set(siteUrl, (data = [softwareApplicationData(siteUrl), organizationData(siteUrl), faqPageData(FAQ)]));
  return data;
}

/** How long an isolate reuses the reviews section's D1 reads: as long as a stored page stays fresh. */
export const LANDING_REVIEWS_REUSE_MS = EDGE_CACHE_FRESH_SECONDS * 1000;

/** The last good reviews read per D1 binding, and the content version it was read under. */
const rememberedReviews = new WeakMap<D1Database, { contentVersion: string; readAt: number; reviews: PublicReview[] | null }>();

/**
 * The reviews section (null: hidden), from D1 or from this isolate's last read (ADR 0027). A read is
 * reused only under the same content version, which every admin change bumps, and for at most
 * LANDING_REVIEWS_REUSE_MS, so edits made outside the admin area show as soon as a stored page
 * would. A read that fell back is never reused. Without a content version (no edge cache) D1 is read.
 */
async function landingReviews(DB: D1Database, contentVersion: string | undefined, onFallback: () => void, deadlineMs: number): Promise<PublicReview[] | null> {
  const remembered = rememberedReviews.get(DB);
  if (
    contentVersion !== undefined &&
    remembered?.contentVersion === contentVersion &&
    Date.now() - remembered.readAt < LANDING_REVIEWS_REUSE_MS
  ) {
    return remembered.reviews;
  }
  let fellBack = false;
  const fallBack = () => {
    fellBack = true;
    onFallback();
  };
  const reviews = await reviewsForLanding(DB, shouldShowReviews(DB, fallBack, deadlineMs), fallBack, deadlineMs);
  if (contentVersion !== undefined && !fellBack) rememberedReviews.set(DB, { contentVersion, readAt: Date.now(), reviews });
  return reviews;
}

/**
 * The landing page's data. A page built from any fallback is never edge-cached, so an outage is not
 * kept for others. `forms` gives the data of the page's forms (the route composes the waitlist's);
 * it runs once the reads are done, so a form's render time is when the page is rendered.
 */
export async function loadLandingPage<Forms extends object>(request: Request, context: AppLoadContext, forms: () => Forms) {
  const { DB, CONFIG } = context.cloudflare.env;
  let degraded = false;
  const fellBack = () => {
    degraded = true;
  };
  const [ab, reviews] = await Promise.all([
    context.abAssignment ?? assignAbTests(request, CONFIG, context.env.IP_HASH_SECRET),
    landingReviews(DB, context.contentVersion, fellBack, context.env.PUBLIC_READ_DEADLINE_MS),
  ]);
  const headers = new Headers({ "Cache-Control": degraded ? NOT_CACHEABLE : EDGE_CACHEABLE });
  if (ab.setCookie) headers.append("Set-Cookie", ab.setCookie);
  const shown = shownVariantsValue(ab.assignments);
  if (shown) headers.set(SHOWN_VARIANTS_HEADER, shown);
  return json(
    {
      ...forms(),
      reviews,
      ab: ab.assignments,
      content: LANDING_CONTENT,
      structuredData: structuredDataFor(canonicalSiteUrl(context.env)),
    },
    { headers },
  );
}
