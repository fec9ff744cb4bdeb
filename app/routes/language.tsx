import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isLang, LANGUAGE_COOKIE, localizedPath, splitLanguage } from "~/lib/i18n/languages";

/** A year: the choice is the visitor's until they change it. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language switcher's answer (ADR 0057): remembers the choice in a first-party cookie (strictly
 * necessary, so it needs no consent; privacy policy) and goes to the same page in that language.
 * `to` must be one of our own paths; anything else goes to the language's home.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const lang = form?.get("lang");
  if (!isLang(lang)) throw new Response("Choose one of the site's languages.", { status: 400 });
  const to = form?.get("to");
  const ownPath = typeof to === "string" && /^\/(?!\/)[^\\\s]*$/.test(to) ? to : "/home";
  const target = new URL(ownPath, "https://site.invalid");
  const { path } = splitLanguage(target.pathname);
  // Secure on https only: browsers refuse it on the local stack's plain http.
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  return redirect(`${localizedPath(lang, path)}${target.search}${target.hash}`, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export async function loader() {
  return redirect("/", 302);
}
