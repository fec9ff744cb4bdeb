import { staticIsland } from "~/components/islands";

/**
 * The link-sanitization highlight (spec section 2). It has no state and no handlers of its own, so
 * it is a static island: server HTML on the first load, its code loaded only for client navigations.
 */
export const LinkSanitizationHighlight = staticIsland("LinkSanitizationHighlightMarkup", () =>
  import("./LinkSanitizationHighlightMarkup").then((m) => m.LinkSanitizationHighlightMarkup),
);
