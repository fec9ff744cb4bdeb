/**
 * The browser side of a page that ships only its islands (island-page.tsx, ADR 0060): what the root's
 * effects do on a hydrated page (the banner, the shell's behaviour, the page view), done once without
 * hydrating the document. A page with an interactive part of its own hydrates it in `hydratePage`;
 * `data-hydrated` (what tests and diagnostics wait for) is set once that has finished.
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { createRoot } from "react-dom/client";
import { CookieBanner } from "~/components/consent/CookieBanner";
import { installShellBehaviour } from "~/components/layout/shell-behaviour";
import { trackPageView } from "~/hooks/usePageViews";
import { languageTag } from "~/lib/i18n/languages";
import { readJsonBlock } from "~/lib/inline-json";
import { StaticI18nProvider } from "~/lib/i18n/react";
import { ISLAND_PAGE_DATA_ID, type IslandPageData } from "./island-page-data";
import { provideRootData } from "./island-remix";

export interface IslandPageBoot {
  data: IslandPageData;
  /** The page's Lingui instance, with the shell's messages loaded. */
  i18n: I18n;
}

/** Hydrates a page's own interactive part; resolves once it has hydrated. */
export type HydratePage = (boot: IslandPageBoot) => Promise<void>;

export function bootIslandPage(loadPage?: () => Promise<HydratePage>): void {
  const data = readJsonBlock<IslandPageData>(ISLAND_PAGE_DATA_ID) as IslandPageData;
  provideRootData(data);
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
  void (loadPage?.().then((hydratePage) => hydratePage({ data, i18n })) ?? Promise.resolve()).then(() => {
    document.documentElement.dataset.hydrated = "true";
  });
  // Not needed for the first interaction: its code is fetched on its own (it registers after load).
  void import("~/lib/service-worker-client").then((module) => module.registerServiceWorker());
}
