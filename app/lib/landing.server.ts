/**
 * Server data for the landing page (the route adds the data of its forms).
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { assignAbTests, SHOWN_VARIANTS_HEADER, shownVariantsValue } from "~/lib/ab-tests.server";
import { faqEntries } from "~/content/faq";
import { FEATURE_GRID, localizedFeatures } from "~/content/features";
import { howItWorksViews } from "~/content/how-it-works";
import { localizedReleases } from "~/content/roadmap";
import { localizedV2Features } from "~/content/v2-features";
import { siteConfig } from "~/config/site";
import { DEFAULT_AB_TESTS, type AbAssignments } from "~/lib/ab-tests";
import { browserMessages, serverT } from "~/lib/i18n/catalogues.server";
import type { Lang } from "~/lib/i18n/languages";
import type { MessageId, Namespace } from "~/lib/i18n/message-id";
import { canonicalSiteUrl } from "~/lib/seo";
import { faqPageData, organizationData, softwareApplicationData } from "~/lib/structured-data";
import { reviewsForLanding, type PublicReview } from "~/lib/reviews.server";
import { shouldShowReviews } from "~/lib/settings.server";
import { EDGE_CACHE_FRESH_SECONDS, EDGE_CACHEABLE, NOT_CACHEABLE } from "~/lib/edge-cache-policy";



/**
 * The landing page's copy in a language, built once per language and isolate. It travels as loader
 * data rather than as imported modules or browser messages: the words are in the HTML either way, and
 * this keeps them out of the JavaScript a first visit downloads.
 */
const landingContent = new Map<Lang, ReturnType<typeof buildLandingContent>>();
function buildLandingContent(lang: Lang) {
  const t = serverT(lang);
  return {
    faq: faqEntries(t),
    featureGrid: localizedFeatures(t, FEATURE_GRID).map(({ slug, title, summary, icon }) => ({ slug, title, summary, icon })),
    howItWorks: howItWorksViews(t),
    roadmap: localizedReleases(t),
    v2: localizedV2Features(t),
  };
}
function contentIn(lang: Lang) {
  let content = landingContent.get(lang);
  if (!content) landingContent.set(lang, (content = buildLandingContent(lang)));
  return content;
}

/**
 * What the landing page's hydrated parts read in the browser: the hero, the sections and their
 * tabs and carousels, the waitlist form and the notify modal. The static islands' text is only in the server's HTML of a document (a browser's
 * navigation asks for HTML); anything else may be a client-side navigation's data request (Remix
 * strips its `_data` before the loader, its fetch accepts any type), where the browser renders the
 * islands itself, so it gets their words too.
 */
const HYDRATED_NAMESPACES: readonly Namespace[] = ["home", "faqSection", "howItWorksTabs", "roadmapTabs", "waitlist", "notify"];
const ISLAND_NAMESPACES: readonly Namespace[] = ["homeIslands", "sanitizationClaims", "howItWorksDrawings"];

/** The reviews section's words go only with reviews to show (hidden, the section renders nothing). */
export function landingMessages(lang: Lang, request: Request, withReviews: boolean) {
  const isDocument = (request.headers.get("Accept") ?? "").includes("text/html");
  return browserMessages(lang, [
    ...HYDRATED_NAMESPACES,
    ...(withReviews ? (["landingReviews"] as const) : []),
    ...(isDocument ? [] : ISLAND_NAMESPACES),
  ]);
}

/**
 * The labels the page shows for the visitor's A/B variants: a variant of the spec's table (same id,
 * same English label) in the page's language; a label the owner wrote stays as written.
 */
export function abLabels(assignments: AbAssignments, lang: Lang) {
  const t = serverT(lang);
  const label = (test: keyof AbAssignments) => {
    const { variant, label } = assignments[test];
    const isDefault = DEFAULT_AB_TESTS[test].variants.some((v) => v.id === variant && v.label === label);
    return isDefault ? t(`abVariants.${test}.${variant}` as MessageId) : label;
  };
  return { heroHeadline: label("hero_headline"), heroCta: label("hero_cta"), waitlistCta: label("waitlist_cta") };
}

/** The landing page's structured data, built once per canonical origin (one per deployment) and language. */
const landingStructuredData = new Map<string, unknown[]>();
function structuredDataFor(siteUrl: string, lang: Lang): unknown[] {
  const key = `${lang} ${siteUrl}`;
  let data = landingStructuredData.get(key);
  if (!data) {
    const t = serverT(lang);
    const description = t("home.meta.description", { appName: siteConfig.appName });
    data = [softwareApplicationData(siteUrl, undefined, { lang, description }), organizationData(siteUrl), faqPageData(contentIn(lang).faq, lang)];
    landingStructuredData.set(key, data);
  }
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
export async function loadLandingPage<Forms extends object>(request: Request, context: AppLoadContext, lang: Lang, forms: () => Forms) {
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
      abLabels: abLabels(ab.assignments, lang),
      content: contentIn(lang),
      structuredData: structuredDataFor(canonicalSiteUrl(context.env), lang),
      messages: landingMessages(lang, request, Boolean(reviews?.length)),
    },
    { headers },
  );
}
