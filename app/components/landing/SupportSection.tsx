import { staticIsland } from "~/components/islands";

/**
 * The support-the-developer section (spec section 2). It has no state or handlers of its own (clicks are tracked by the document listener,
 * Notify links open the modal through NotifyProvider), so it is a static island: server HTML on the
 * first load, its code loaded only for client-side navigations.
 */
export const SupportSection = staticIsland("SupportSectionMarkup", () => import("./SupportSectionMarkup").then((m) => m.SupportSectionMarkup));
