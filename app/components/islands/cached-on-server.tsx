/**
 * A hydrated component whose server HTML depends only on its props: the server renders it once per
 * isolate for each distinct set of props and reuses that HTML (ADR 0035). The browser renders and
 * hydrates it as usual; the HTML it finds is exactly what an inline render would have produced.
 *
 * Only for components whose output is a function of their props, the pathname and constants: no
 * loader data, no request, no clock, no randomness, no useId, no nonce (the cache refuses the last
 * two and anything that needs Remix's own context; see html-cache.server.tsx).
 */
import type { ComponentType } from "react";
import { useCachedHtml } from "./server-only";

export function cachedOnServer<P extends object>(name: string, Component: ComponentType<P>) {
  function CachedOnServer(props: P) {
    const cachedHtml = useCachedHtml();
    return cachedHtml ? cachedHtml.render(name, Component, props) : <Component {...props} />;
  }
  CachedOnServer.displayName = `CachedOnServer(${name})`;
  return CachedOnServer;
}
