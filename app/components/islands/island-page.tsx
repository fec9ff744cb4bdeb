/**
 * Pages that ship only their islands (ADR 0060). A route says so with `handle = { hydrate: false }`:
 * the server still renders the whole page with React, but the browser gets no Remix context, no route
 * modules and no hydration of the document. It loads the island bundle (scripts/islands.mjs), which
 * boots what such a page needs (boot-island-page.tsx): the cookie banner, analytics, the footer's and
 * the header's behaviour.
 */
import { useMatches } from "@remix-run/react";
import { jsonForHtml } from "~/lib/inline-json";
import { ISLAND_BUNDLE } from "./generated/island-bundle";
import { ISLAND_PAGE_DATA_ID, type IslandPageData } from "./island-page-data";

/**
 * Whether the matched routes leave hydration out. Only the server's render decides: a page the browser
 * hydrated keeps its scripts (and scroll restoration) when it navigates to such a route on the client.
 */
export function useIslandPage(): boolean {
  const matches = useMatches();
  return typeof document === "undefined" && matches.some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/** The same for every page and request: the bundle's entry and its static imports, after load and one frame. */
const LOAD_ISLAND_BUNDLE = `const boot=()=>requestAnimationFrame(()=>setTimeout(()=>{for(const href of ${jsonForHtml(ISLAND_BUNDLE.imports)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}import(${jsonForHtml(ISLAND_BUNDLE.entry)})}));document.readyState==="complete"?boot():addEventListener("load",boot,{once:true})`;

/**
 * In place of <Scripts/>: the boot's data, and a loader that fetches the island bundle's entry and its
 * static imports only after the first frame, so none of it competes with the page's first paint.
 */
export function IslandPageScripts({ data, nonce }: { data: IslandPageData; nonce?: string }) {
  return (
    <>
      <script type="application/json" id={ISLAND_PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(data) }} />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: LOAD_ISLAND_BUNDLE }} />
    </>
  );
}
