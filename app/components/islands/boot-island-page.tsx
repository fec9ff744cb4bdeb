/**
 * The browser side of a page that ships only its islands (island-page.tsx, ADR 0060): what the root's
 * effects do on a hydrated page (the banner, the shell's behaviour, the page view), done once without
 * hydrating anything.
 */
import { setupI18n, type Messages } from "@lingui/core";
import { createRoot } from "react-dom/client";
import { CookieBanner } from "~/components/consent/CookieBanner";
import { installShellBehaviour } from "~/components/layout/shell-behaviour";
import { trackPageView } from "~/hooks/usePageViews";
import { languageTag } from "~/lib/i18n/languages";
import { StaticI18nProvider } from "~/lib/i18n/react";
import { ISLAND_PAGE_DATA_ID, type IslandPageData } from "./island-page-data";

export function bootIslandPage(): void {
  const data = JSON.parse(document.getElementById(ISLAND_PAGE_DATA_ID)?.textContent ?? "null") as IslandPageData;
  const i18n = setupI18n();
  i18n.load(languageTag(data.lang), data.messages as Messages);
  i18n.activate(languageTag(data.lang));
  // The banner is the body's first child, as on a hydrated page: first in the tab order while it shows (ADR 0046).
  const bannerRoot = document.createElement("div");
  bannerRoot.className = "contents";
  document.body.insertBefore(bannerRoot, document.body.firstChild);
  createRoot(bannerRoot).render(
    <StaticI18nProvider lang={data.lang} i18n={i18n}>
      <CookieBanner />
    </StaticI18nProvider>,
  );
  installShellBehaviour();
  trackPageView(window.location.pathname, window.location.search);
  document.documentElement.dataset.hydrated = "true";
}
