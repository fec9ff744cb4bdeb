import { absoluteUrl } from "~/lib/content.server";

/** Crawl everything public; keep crawlers out of the admin area and the blog's test layout. */
export function loader() {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /blog-test", "", `Sitemap: ${absoluteUrl("/sitemap.xml")}`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
