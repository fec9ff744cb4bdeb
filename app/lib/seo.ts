import type { MetaDescriptor } from "@remix-run/cloudflare";
import { siteConfig } from "~/config/site";

/** Title, description, canonical URL, Open Graph and Twitter card for a public page. */
export function pageMeta({ title, description, path }: { title: string; description: string; path: string }): MetaDescriptor[] {
  const url = new URL(path, siteConfig.siteUrl).toString();
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.appName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: siteConfig.social.x.handle },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
