/**
 * The interactive part of an island page (ADR 0060): the route's component, hydrated on its own root
 * by the page's island bundle, with the props the server rendered it with. No Remix in the browser:
 * the island's links are plain links (island-remix.tsx).
 */
import type { Messages } from "@lingui/core";
import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { jsonForHtml, readJsonBlock } from "~/lib/inline-json";
import { languageTag } from "~/lib/i18n/languages";
import { StaticI18nProvider } from "~/lib/i18n/react";
import type { IslandPageBoot } from "./boot-island-page";

const PAGE_ISLAND_ID = "page-island";
const PAGE_ISLAND_DATA_ID = "page-island-data";

/**
 * Server side: the island's markup, and as a JSON block what the browser hydrates it with: its props,
 * and the messages of its words.
 */
export function PageIsland({ props, messages, children }: { props: object; messages: object; children: ReactNode }) {
  return (
    <>
      <div id={PAGE_ISLAND_ID} className="contents">
        {children}
      </div>
      <script type="application/json" id={PAGE_ISLAND_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml({ props, messages }) }} />
    </>
  );
}

/** Tells the boot once the island has hydrated. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Browser side, for bootIslandPage: hydrates the page island as a transition (React yields between its parts). */
export function hydratePageIsland<Props extends object>(render: (props: Props) => ReactNode) {
  return ({ data, i18n }: IslandPageBoot) =>
    new Promise<void>((resolve) => {
      const container = document.getElementById(PAGE_ISLAND_ID);
      const island = readJsonBlock<{ props: Props; messages: Messages }>(PAGE_ISLAND_DATA_ID);
      if (!container || !island) return resolve();
      const { props, messages } = island;
      i18n.load(languageTag(data.lang), messages);
      startTransition(() => {
        hydrateRoot(
          container,
          <StaticI18nProvider lang={data.lang} i18n={i18n}>
            <Hydrated onHydrated={resolve}>{render(props)}</Hydrated>
          </StaticI18nProvider>,
        );
      });
    });
}
