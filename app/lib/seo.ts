import type { MetaDescriptor } from "@remix-run/cloudflare";
import { siteConfig } from "~/config/site";

/**
 * What the root loader tells every page about where the site lives: the canonical origin of its
 * absolute URLs (canonical links, Open Graph, structured data, sitemap, RSS). In production that is
 * SITE_URL, which `npm run deploy` sets from the owner's settings; elsewhere siteConfig.siteUrl, so a
 * local or preview server never names itself canonical (ADR 0042).
 */
export interface SiteUrlData {
  siteUrl: string;
}

/** The canonical origin for a request's validated variables (what the root loader answers as siteUrl). */
export function canonicalSiteUrl(env: { APP_ENV: string; SITE_URL: string }): string {
  return env.APP_ENV === "production" ? env.SITE_URL : siteConfig.siteUrl;
}

/** The route matches a meta function receives (only what siteUrlOf reads). */
type Matches = readonly { id: string; data: unknown }[];

/** The canonical origin in the root loader's data (undefined when it failed), else siteConfig.siteUrl. */
export function siteUrlFromRoot(rootData: unknown): string {
  return (rootData as Partial<SiteUrlData> | undefined)?.siteUrl ?? siteConfig.siteUrl;
}

/** The canonical origin from a meta function's matches. */
export function siteUrlOf(matches: Matches): string {
  return siteUrlFromRoot(matches.find((match) => match.id === "root")?.data);
}

/** Title, description, canonical URL, Open Graph and Twitter card for a public page. */
export function pageMeta({ title, description, path }: { title: string; description: string; path: string }, matches: Matches): MetaDescriptor[] {
  const url = new URL(path, siteUrlOf(matches)).toString();
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
