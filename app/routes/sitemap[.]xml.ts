import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { siteConfig } from "~/config/site";
import { absoluteUrl, CONTENT_BUILD_DATE, escapeXml, listPosts, listTutorials } from "~/lib/content.server";
import { canonicalSiteUrl } from "~/lib/seo";

/**
 * The public pages search engines should index. Test layouts (/blog-test, /promotion-blue), form
 * targets (/waitlist, /notify) and the admin area are left out on purpose.
 */
export const SITEMAP_STATIC_PATHS = [
  "/",
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

export function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = canonicalSiteUrl(context.env);
  const entries: { path: string; lastmod: string }[] = [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path, lastmod: CONTENT_BUILD_DATE })),
    ...listPosts().map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.dateModified ?? post.datePublished })),
    ...listTutorials().map((tutorial) => ({ path: `/tutorials/${tutorial.slug}`, lastmod: tutorial.dateModified ?? tutorial.datePublished })),
  ];
  const urls = entries
    .map(({ path, lastmod }) => `  <url>\n    <loc>${escapeXml(absoluteUrl(path, siteUrl))}</loc>\n    <lastmod>${escapeXml(lastmod)}</lastmod>\n  </url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${escapeXml(siteConfig.appName)} sitemap -->\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
