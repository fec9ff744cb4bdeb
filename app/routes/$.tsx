import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { localizedPath, splitLanguage } from "~/lib/i18n/languages";
import { ASSET_PATH } from "~/lib/i18n/page-language";

/**
 * Spec section 2: any unknown path redirects to the entry, in the language its prefix names
 * (/de/unknown → /de/, which goes on to the German landing page; /xyz/unknown → /).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  if (ASSET_PATH.test(pathname)) {
    throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return redirect(localizedPath(splitLanguage(pathname).lang, "/"), 302);
}

export async function action() {
  throw new Response("Not found", { status: 404 });
}
