import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isLang, LANGUAGE_COOKIE, localizedPath, splitLanguage } from "~/lib/i18n/languages";

/** A year: the choice is the visitor's until they change it. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language switcher's answer (ADR 0057): remembers the choice in a first-party cookie (strictly
 * necessary, so it needs no consent; privacy policy) and goes to the same page in that language.
 * `to` must be one of our own paths; anything else goes to the language's home. The page's query
 * (a status page's token) is not in the form, which is the same HTML for every visitor; it comes from
 * the same-origin Referer when that names the same page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const lang = form?.get("lang");
  if (!isLang(lang)) throw new Response("Choose one of the site's languages.", { status: 400 });
  const to = form?.get("to");
  const ownPath = typeof to === "string" && /^\/(?!\/)[^\\\s]*$/.test(to) ? to : "/home";
  const target = new URL(ownPath, request.url);
  const { path } = splitLanguage(target.pathname);
  const referer = parseUrl(request.headers.get("Referer"));
  if (!target.search && referer?.origin === target.origin && splitLanguage(referer.pathname).path === path) target.search = referer.search;
  // Secure on https only: browsers refuse it on the local stack's plain http.
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  return redirect(`${localizedPath(lang, path)}${target.search}${target.hash}`, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

function parseUrl(value: string | null): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

export async function loader() {
  return redirect("/", 302);
}
