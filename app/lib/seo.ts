import type { MetaDescriptor } from "@remix-run/cloudflare";
import { siteConfig } from "~/config/site";
import { LANGUAGES, languageTag, localizedPath, type Lang } from "~/lib/i18n/languages";
import { langOfMatches, metaT } from "~/lib/i18n/meta";
import type { MessageId, MessageValues } from "~/lib/i18n/message-id";

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

/**
 * Every language version of a translated page (its hreflang and absolute URL), and `x-default` for
 * visitors whose language is none of them: the neutral entry `/` for the home page, else the English
 * page. The page's `<link rel="alternate">`s and the sitemap's `<xhtml:link>`s both list these.
 */
export function languageVersions(path: string, siteUrl: string): { hreflang: string; href: string }[] {
  const href = (p: string) => new URL(p, siteUrl).toString();
  return [
    ...LANGUAGES.map(({ code }) => ({ hreflang: languageTag(code), href: href(localizedPath(code, path)) })),
    { hreflang: "x-default", href: href(path === "/home" ? "/" : path) },
  ];
}

/** A page's `hreflang` alternates (languageVersions as link tags). */
export function languageAlternates(path: string, siteUrl: string): MetaDescriptor[] {
  return languageVersions(path, siteUrl).map(({ hreflang, href }) => ({ tagName: "link", rel: "alternate", hrefLang: hreflang, href }));
}

/**
 * Title, description, canonical URL, language alternates, Open Graph and Twitter card for a public
 * page. `path` is the English path; the canonical URL is the page's own language's. A page whose text
 * exists only in English (`translated: false`) names the English page canonical and lists no alternates.
 */
export function pageMeta(
  { title, description, path, translated = true }: { title: string; description: string; path: string; translated?: boolean },
  matches: Matches,
): MetaDescriptor[] {
  const siteUrl = siteUrlOf(matches);
  const lang: Lang = langOfMatches(matches);
  const url = new URL(translated ? localizedPath(lang, path) : path, siteUrl).toString();
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(translated ? languageAlternates(path, siteUrl) : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.appName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: languageTag(lang).replace("-", "_") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: siteConfig.social.x.handle },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

/** pageMeta for a page whose title and description are catalogue messages, given `appName` and any `values`. */
export function translatedPageMeta(
  matches: Matches,
  { title, description, path, values }: { title: MessageId; description: MessageId; path: string; values?: MessageValues },
): MetaDescriptor[] {
  const t = metaT(matches);
  const all = { appName: siteConfig.appName, ...values };
  return pageMeta({ title: t(title, all), description: t(description, all), path }, matches);
}
