import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { siteConfig } from "~/config/site";
import { absoluteUrl, CONTENT_BUILD_DATE, escapeXml, listPosts, listTutorials } from "~/lib/content.server";
import { LANGUAGES, localizedPath } from "~/lib/i18n/languages";
import { canonicalSiteUrl, languageVersions } from "~/lib/seo";

/**
 * The public pages search engines should index, as English paths: each is listed in every language.
 * Not `/`: it redirects (it is the home page's x-default alternate). Test layouts (/blog-test,
 * /promotion-blue), form targets (/waitlist, /notify) and the admin area are left out on purpose.
 */
export const SITEMAP_STATIC_PATHS = [
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

interface SitemapEntry {
  path: string;
  lastmod: string;
  /** The page's language versions (Google's sitemap hreflang format); none for an English-only page. */
  alternates: { hreflang: string; href: string }[];
}

function urlElement({ path, lastmod, alternates }: SitemapEntry, siteUrl: string): string {
  const links = alternates.map(({ hreflang, href }) => `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`).join("");
  return `  <url>\n    <loc>${escapeXml(absoluteUrl(path, siteUrl))}</loc>\n    <lastmod>${escapeXml(lastmod)}</lastmod>${links}\n  </url>`;
}

export function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = canonicalSiteUrl(context.env);
  const entries: SitemapEntry[] = [
    ...SITEMAP_STATIC_PATHS.flatMap((path) => {
      const alternates = languageVersions(path, siteUrl);
      return LANGUAGES.map(({ code }) => ({ path: localizedPath(code, path), lastmod: CONTENT_BUILD_DATE, alternates }));
    }),
    // Posts and tutorials are written in English only: one URL each, no alternates.
    ...listPosts().map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.dateModified ?? post.datePublished, alternates: [] })),
    ...listTutorials().map((tutorial) => ({ path: `/tutorials/${tutorial.slug}`, lastmod: tutorial.dateModified ?? tutorial.datePublished, alternates: [] })),
  ];
  const urls = entries.map((entry) => urlElement(entry, siteUrl)).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${escapeXml(siteConfig.appName)} sitemap -->\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
