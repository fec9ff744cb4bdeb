import { staticIsland } from "~/components/islands";

export type { LanguageSwitcherPlacement } from "./LanguageSwitcherMarkup";

/**
 * The language switcher in the header and the footer. It has no state or handlers (the disclosure and
 * the form are the browser's own), so it is a static island: server HTML on the first load, its code
 * loaded only when React renders it afresh (ADR 0015, ADR 0057).
 */
export const LanguageSwitcher = staticIsland("LanguageSwitcherMarkup", () => import("./LanguageSwitcherMarkup").then((m) => m.LanguageSwitcherMarkup));
