import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { LANGUAGE_COOKIE, localizedPath, negotiateLanguage } from "~/lib/i18n/languages";
import { pageLanguage } from "~/lib/i18n/page-language";
import { promotionIsEntryPage } from "~/lib/settings.server";

function savedLanguage(request: Request): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(request.headers.get("Cookie") ?? "");
  return match?.[1];
}

/**
 * The entry (spec section 2, ADR 0057): `/` negotiates the language (the saved choice, then
 * Accept-Language) and `/de/` names it; either way the spec's entry rule sends the visitor to the
 * language's /promotion when promotion_as_entry_page is true, else to its landing page (also on a
 * read failure). A temporary redirect, never cached: the answer depends on the visitor and on a setting.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { CONFIG, DB } = context.cloudflare.env;
  const negotiated = params.lang === undefined;
  const lang = negotiated ? negotiateLanguage(savedLanguage(request), request.headers.get("Accept-Language")) : pageLanguage({ params, request });
  const entry = await promotionIsEntryPage(CONFIG, DB, context.env.PUBLIC_READ_DEADLINE_MS);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (negotiated) headers.set("Vary", "Cookie, Accept-Language");
  return redirect(localizedPath(lang, entry.promotion ? "/promotion" : "/home"), { status: 302, headers });
}
