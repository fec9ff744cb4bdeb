import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isLang, LANGUAGE_COOKIE, localizedPath, splitLanguage } from "~/lib/i18n/languages";

/** A year: the choice is the visitor's until they change it. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language switcher's answer (ADR 0057): remembers the choice in a first-party cookie (strictly
 * necessary, so it needs no consent; privacy policy) and goes to the same page in that language.
 * The page is the same-origin Referer's, else `to` (the page the switcher was rendered on), which must
 * be one of our own paths; anything else goes to the language's home.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const lang = form?.get("lang");
  if (!isLang(lang)) throw new Response("Choose one of the site's languages.", { status: 400 });
  // The page the visitor is on: the same-origin Referer (it follows client-side navigations and keeps
  // the query, a status page's token), else the form's `to`, else the language's home.
  const referer = parseUrl(request.headers.get("Referer"));
  const target = ownPage(referer && referer.origin === new URL(request.url).origin ? `${referer.pathname}${referer.search}` : null, request.url) ?? ownPage(form?.get("to"), request.url) ?? new URL("/home", request.url);
  const { path } = splitLanguage(target.pathname);
  // Secure on https only: browsers refuse it on the local stack's plain http.
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  return redirect(`${localizedPath(lang, path)}${target.search}${target.hash}`, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/** The longest `to` taken as a page of ours (a URL's practical limit); anything longer goes home. */
const MAX_TO_LENGTH = 2048;

/** `to` as one of our own pages, or null when it is anything else. */
function ownPage(to: FormDataEntryValue | null | undefined, requestUrl: string): URL | null {
  if (typeof to !== "string" || to.length > MAX_TO_LENGTH || !/^\/(?!\/)[^\\\s]*$/.test(to)) return null;
  const target = new URL(to, requestUrl);
  // "/a/..//evil.example" resolves to "//evil.example", which a browser reads as another site.
  return target.origin === new URL(requestUrl).origin && !target.pathname.startsWith("//") ? target : null;
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
