import { json } from "@remix-run/cloudflare";
import { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";

export function loadPromotionPage(request: Request, source: "promotion_page" | "promotion_blue_page") {
  return json({ waitlistForm: { ...waitlistFormContext(request), source } }, { headers: { "Cache-Control": "no-store" } });
}
