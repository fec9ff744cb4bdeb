import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import { loadLandingPage } from "~/lib/landing.server";
import { promotionIsEntryPage } from "~/lib/settings.server";
import { NOT_CACHEABLE } from "~/lib/edge-cache-policy";

/**
 * The entry route (spec section 2, architecture decision 3): the decision is made on the server,
 * so there is no loading spinner: /promotion when promotion_as_entry_page is true, otherwise the
 * landing page, and the landing page on any read failure.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { CONFIG, DB } = context.cloudflare.env;
  // The landing page's reads start alongside the decision: with slow storage the visitor waits for
  // one read deadline (ADR 0021), not two in a row. When the answer is /promotion they are dropped.
  const [entry, landing] = await Promise.all([promotionIsEntryPage(CONFIG, DB, context.env.PUBLIC_READ_DEADLINE_MS), loadLandingPage(request, context, () => ({ waitlistForm: waitlistFormContext(request) }))]);
  if (entry.promotion) return redirect("/promotion", { headers: { "Cache-Control": "no-store" } });
  // A page shown because the decision could not be read is a fallback: never edge-cached.
  if (entry.source === "failure") landing.headers.set("Cache-Control", NOT_CACHEABLE);
  return landing;
}

export { default, headers, links, meta, shouldRevalidate } from "./home";
