import type { MetaDescriptor } from "@remix-run/cloudflare";
import { siteConfig } from "~/config/site";
import { pageMeta, siteUrlOf } from "~/lib/seo";
import { blogPostingData } from "~/lib/structured-data";

/** Where the blog's RSS feed is served (app/routes/blog.rss[.]xml.ts). */
export const BLOG_FEED_PATH = "/blog/rss.xml";

/**
 * Meta for a blog post: the page set from pageMeta as an Open Graph article, plus BlogPosting JSON-LD.
 * Posts are written in English only, so every language's copy names the English post canonical.
 */
export function articleMeta(
  post: {
    title: string;
    description: string;
    datePublished: string;
    dateModified?: string;
    author: { name: string; url?: string };
    image?: string;
    path: string;
  },
  matches: Parameters<typeof siteUrlOf>[0],
): MetaDescriptor[] {
  const siteUrl = siteUrlOf(matches);
  const url = new URL(post.path, siteUrl).toString();
  const dateModified = post.dateModified ?? post.datePublished;
  const base = pageMeta({ title: `${post.title} · ${siteConfig.appName}`, description: post.description, path: post.path, translated: false }, matches).map((descriptor) =>
    "property" in descriptor && descriptor.property === "og:type" ? { property: "og:type", content: "article" } : descriptor,
  );
  const image = post.image ? new URL(post.image, siteUrl).toString() : undefined;
  return [
    ...base,
    { property: "article:published_time", content: post.datePublished },
    { property: "article:modified_time", content: dateModified },
    { property: "article:author", content: post.author.name },
    ...(image ? [{ property: "og:image", content: image }, { name: "twitter:image", content: image }] : []),
    {
      "script:ld+json": blogPostingData({
        title: post.title,
        description: post.description,
        datePublished: post.datePublished,
        dateModified,
        authorName: post.author.name,
        authorUrl: post.author.url,
        image,
        url,
      }),
    },
  ];
}
