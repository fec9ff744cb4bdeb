import { json } from "@remix-run/cloudflare";
import { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import type { Lang } from "~/lib/i18n/languages";

export function loadPromotionPage(request: Request, lang: Lang, source: "promotion_page" | "promotion_blue_page") {
  return json(
    { waitlistForm: { ...waitlistFormContext(request), source }, messages: browserMessages(lang, ["promotion", "waitlist"]) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
