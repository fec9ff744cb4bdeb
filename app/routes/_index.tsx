import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadLandingPage } from "~/lib/landing.server";
import { promotionIsEntryPage } from "~/lib/settings.server";

/**
 * The entry route (spec section 2, architecture decision 3): the decision is made on the server,
 * so there is no loading spinner: /promotion when promotion_as_entry_page is true, otherwise the
 * landing page, and the landing page on any read failure.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { CONFIG, DB } = context.cloudflare.env;
  const entry = await promotionIsEntryPage(CONFIG, DB);
  if (entry.promotion) return redirect("/promotion", { headers: { "Cache-Control": "no-store" } });
  return loadLandingPage(request, context, entry.source === "failure");
}

export { default, headers, links, meta } from "./home";
