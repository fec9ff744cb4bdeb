/**
 * The landing page's rendering machinery (ADR 0030): what keeps code out of the first visit and
 * work out of the first render. Server side, entry.server.tsx provides the server-only registry
 * (registry.server.tsx) with ServerOnlyProvider.
 *
 * - staticIsland(name, load): markup that ships no code on a first load (ADR 0015).
 * - <ServerScript name="deferSections" />: an inline head script whose code only the server has;
 *   deferSections defers the rendering of off-screen sections (ADR 0028).
 * - cachedOnServer(name, Component): a hydrated component whose server HTML is rendered once per
 *   isolate for each set of props (ADR 0035); static islands are cached the same way.
 * - island-page.tsx (root; not exported here, as island code must not import the module it generates),
 *   bootIslandPage() and <PageIsland/> (the island bundles' entries, built by scripts/islands.mjs): a route
 *   with `handle = { hydrate: false }` ships only its islands, without Remix in the browser (ADR 0060).
 */
export { cachedOnServer } from "./cached-on-server";
export { ServerOnlyProvider, ServerScript } from "./server-only";
export { staticIsland } from "./static-island";
