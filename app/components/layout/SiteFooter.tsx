import { staticIsland } from "~/components/islands";

/**
 * The site footer. Its links, badges and switcher need no code, and its two buttons are driven by one
 * document listener (footer-actions.ts), so it is a static island: server HTML on the first load,
 * its code loaded only when React renders it afresh (ADR 0015, ADR 0059).
 */
export const SiteFooter = staticIsland("SiteFooterMarkup", () => import("./SiteFooterMarkup").then((m) => m.SiteFooterMarkup));
