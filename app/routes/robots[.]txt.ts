import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl } from "~/lib/content.server";
import { canonicalSiteUrl } from "~/lib/seo";

/** Crawl everything public; keep crawlers out of the admin area and the blog's test layout. */
export function loader({ context }: LoaderFunctionArgs) {
  const sitemap = absoluteUrl("/sitemap.xml", canonicalSiteUrl(context.env));
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /blog-test", "", `Sitemap: ${sitemap}`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
