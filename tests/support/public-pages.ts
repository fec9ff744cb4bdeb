/**
 * Every public page, for the checks that must cover all of them (the Nu Html Checker in
 * tests/stack/html-validity.test.ts, axe-core in tests/e2e/accessibility.spec.ts).
 * The sitemap names the indexable pages, so a page added there is checked without touching this
 * file; the rest are the pages the sitemap leaves out on purpose.
 */

/**
 * What /sitemap.xml must list before the posts and tutorials, in its order, as English paths: the
 * indexable pages of spec section 2, each in every language (/home, /de/home, …, then /features, …;
 * tests/integration/content-routes.test.ts checks the sitemap against it). Not `/`: it redirects.
 */
export const SITEMAP_PAGES = [
  "/home",
  "/features",
  "/how-it-works",
  "/pricing",
  "/download",
  "/about",
  "/contact",
  "/link-sanitization",
  "/promotion",
  "/blog",
  "/tutorials",
  "/privacy.html",
  "/terms.html",
] as const;

/** The spec's eight tutorials (section 2), in the spec's order. */
export const SPEC_TUTORIAL_SLUGS = [
  "getting-started",
  "safari-share-extension",
  "qr-code-integration",
  "collaborative-collections",
  "smart-reminders",
  "advanced-organization",
  "qr-code-generation",
  "advanced-sync",
] as const;

/** A tracked link whose cleaned result /link-sanitization shows. */
export const TRACKED_LINK = "https://example.com/article?utm_source=newsletter&utm_medium=email&fbclid=abc123&id=42";

/** Public pages the sitemap leaves out: form pages, test layouts, result states and the not-found page. */
export const PAGES_OUTSIDE_SITEMAP = [
  "/waitlist",
  "/waitlist/link",
  "/notify",
  "/notify?platform=android&intent=waitlist",
  "/notify?platform=ios&intent=beta_testing",
  "/blog-test",
  "/promotion-blue",
  `/link-sanitization?url=${encodeURIComponent(TRACKED_LINK)}`,
  // The not-found page (an unknown post; unknown paths without an extension redirect to the entry).
  "/blog/no-such-post",
] as const;

/** The paths of a sitemap.xml's <loc> entries, in order. */
export function pathsInSitemap(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
}

/** Every public page: the sitemap's, then the ones it leaves out. `getText` fetches a path's body. */
export async function listPublicPages(getText: (path: string) => Promise<string>): Promise<string[]> {
  const inSitemap = pathsInSitemap(await getText("/sitemap.xml"));
  if (inSitemap.length === 0) throw new Error("/sitemap.xml lists no pages");
  return [...new Set([...inSitemap, ...PAGES_OUTSIDE_SITEMAP])];
}
