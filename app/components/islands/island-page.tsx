/**
 * Pages that ship only their islands (ADR 0060). A route says so with `handle = { hydrate: false }`:
 * the server still renders the whole page with React, but the browser gets no Remix context, no route
 * modules and no hydration of the document. It loads an island bundle (scripts/islands.mjs): `page`
 * boots what every such page needs (boot-island-page.tsx: the cookie banner, analytics, the footer's
 * and the header's behaviour); a route that names another in `handle.islands` boots that one, which
 * also hydrates the page's own interactive part.
 */
import { useMatches } from "@remix-run/react";
import { jsonForHtml } from "~/lib/inline-json";
import { ISLAND_BUNDLES, type IslandBundleName } from "./generated/island-bundle";
import { ISLAND_PAGE_DATA_ID, type IslandPageData } from "./island-page-data";

interface IslandHandle {
  hydrate?: boolean;
  islands?: IslandBundleName;
}

/**
 * The island bundle the matched routes boot, or null when the page hydrates. Only the server's render
 * decides: a page the browser hydrated keeps its scripts (and scroll restoration) when it navigates to
 * such a route on the client.
 */
export function useIslandPage(): IslandBundleName | null {
  const matches = useMatches();
  if (typeof document !== "undefined") return null;
  const handle = matches.map((match) => match.handle as IslandHandle | undefined).find((h) => h?.hydrate === false);
  return handle ? (handle.islands ?? "page") : null;
}

/**
 * The same for every page of a bundle: its entry and static imports, fetched after `load` (a message
 * task, so neither the first paint nor a test's fake clock holds it back).
 */
const LOADERS = Object.fromEntries(
  Object.entries(ISLAND_BUNDLES).map(([name, bundle]) => [
    name,
    `const boot=()=>{const c=new MessageChannel();c.port1.onmessage=()=>{for(const href of ${jsonForHtml(bundle.imports)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}import(${jsonForHtml(bundle.entry)})};c.port2.postMessage(0)};document.readyState==="complete"?boot():addEventListener("load",boot,{once:true})`,
  ]),
) as Record<IslandBundleName, string>;

/** In place of <Scripts/>: the boot's data, and the loader of the page's island bundle. */
export function IslandPageScripts({ bundle, data, nonce }: { bundle: IslandBundleName; data: IslandPageData; nonce?: string }) {
  return (
    <>
      <script type="application/json" id={ISLAND_PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(data) }} />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: LOADERS[bundle] }} />
    </>
  );
}
