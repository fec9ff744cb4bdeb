import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BLOG_FEED_PATH } from "~/components/content/meta";
import { siteConfig } from "~/config/site";
import { absoluteUrl, escapeXml, listPosts, rfc822Date } from "~/lib/content.server";
import { canonicalSiteUrl } from "~/lib/seo";

/** /blog/rss.xml: RSS 2.0 feed of every post, newest first. */
export function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = canonicalSiteUrl(context.env);
  const posts = listPosts();
  const items = posts
    .map((post) => {
      const link = escapeXml(absoluteUrl(`/blog/${post.slug}`, siteUrl));
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <pubDate>${rfc822Date(post.datePublished)}</pubDate>`,
        `      <dc:creator>${escapeXml(post.author.name)}</dc:creator>`,
        `      <description>${escapeXml(post.description)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const newest = posts[0];
  const lastBuild = newest ? `\n    <lastBuildDate>${rfc822Date(newest.dateModified ?? newest.datePublished)}</lastBuildDate>` : "";
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${siteConfig.appName} blog`)}</title>
    <link>${escapeXml(absoluteUrl("/blog", siteUrl))}</link>
    <description>${escapeXml(`Notes from the ${siteConfig.appName} team on private, well-organised bookmarks.`)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(absoluteUrl(BLOG_FEED_PATH, siteUrl))}" rel="self" type="application/rss+xml"/>${lastBuild}
${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
