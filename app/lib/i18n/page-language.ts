import { redirect } from "@remix-run/cloudflare";
import { DEFAULT_LANG, isLang, type Lang } from "./languages";

/** A path that looks like a file (has an extension) is a missing asset: a real 404, not a redirect. */
export const ASSET_PATH = /\.[a-z0-9]{1,8}$/i;

/**
 * The language of a localized route (`($lang).x.tsx`) from its optional `lang` segment. The segment
 * matches any word, so every localized loader and action reads its language here: an unknown prefix
 * is an unknown path (spec section 2: a page redirects to /, an asset-like path or a post is a 404),
 * and `/en/…` is English's own path without the prefix (301).
 */
export function pageLanguage({ params, request }: { params: { lang?: string }; request: Request }): Lang {
  const prefix = params.lang;
  if (prefix === undefined) return DEFAULT_LANG;
  if (isLang(prefix) && prefix !== DEFAULT_LANG) return prefix;
  const url = new URL(request.url);
  const readOnly = request.method === "GET" || request.method === "HEAD";
  const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!readOnly) throw notFound();
  // Before the file-like check: /en/privacy.html is the English legal page's address with the prefix.
  if (prefix === DEFAULT_LANG) throw redirect(`${url.pathname.slice(1 + prefix.length) || "/"}${url.search}`, 301);
  if (ASSET_PATH.test(url.pathname)) throw notFound();
  throw redirect("/", 302);
}
