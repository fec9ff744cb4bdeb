/**
 * What only the server has: the components and inline scripts of the server-only registry
 * (registry.server.tsx). entry.server.tsx provides the registry around the whole render; the
 * browser has no provider, so there every lookup is undefined and nothing of the registry is in
 * its bundle. The registry is named only in types here (erased by the compiler).
 */
import { createContext, useContext, type ComponentProps, type ComponentType, type ReactElement } from "react";
import { useNonce } from "~/hooks/useNonce";
import type { SERVER_ONLY } from "./registry.server";

export type ServerOnlyRegistry = typeof SERVER_ONLY;
type ServerComponents = ServerOnlyRegistry["components"];
export type ServerComponentName = keyof ServerComponents;
export type ServerComponent<K extends ServerComponentName> = ServerComponents[K];
export type ServerComponentProps<K extends ServerComponentName> = ComponentProps<ServerComponents[K]>;

/**
 * This isolate's cache of server HTML for one request (html-cache.server.tsx, ADR 0035): sections
 * whose HTML depends only on their props are rendered once per isolate and reused.
 */
export interface CachedHtml {
  /**
   * `<Component {...props} />`, from the cache when this isolate has rendered it with equal props
   * (a placeholder that entry.server swaps for the stored HTML), or rendered in place (it is then
   * rendered on its own after the page and stored for the next request).
   */
  render<P extends object>(name: string, Component: ComponentType<P>, props: P): ReactElement;
}

/** What the server render gets: the registry, and the request's view of the HTML cache. */
export interface ServerOnlyValue extends ServerOnlyRegistry {
  /** Absent inside a cached section's own render (and in tests that render without it). */
  html?: CachedHtml;
}

const ServerOnlyContext = createContext<ServerOnlyValue | undefined>(undefined);

/** Wraps the server render (entry.server.tsx) with the registry. Never rendered in the browser. */
export const ServerOnlyProvider = ServerOnlyContext.Provider;

/** The HTML cache on the server (outside a cached section's own render); undefined in the browser. */
export function useCachedHtml(): CachedHtml | undefined {
  return useContext(ServerOnlyContext)?.html;
}

/** The registered component on the server; undefined in the browser. */
export function useServerComponent<K extends ServerComponentName>(name: K): ServerComponent<K> | undefined {
  return useContext(ServerOnlyContext)?.components[name];
}

/**
 * An inline script whose code exists only on the server, built from constants: nothing from the
 * request or the visitor goes into it. React keeps the server-rendered script as it is during
 * hydration and the browser never re-runs it. The nonce exists only on the server too (browsers
 * hide it after parsing), hence the hydration warning suppression.
 */
export function ServerScript({ name }: { name: keyof ServerOnlyRegistry["scripts"] }) {
  const nonce = useNonce();
  const code = useContext(ServerOnlyContext)?.scripts[name] ?? "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
