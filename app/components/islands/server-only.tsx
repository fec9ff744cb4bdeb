/**
 * What only the server has: the components and inline scripts of the server-only registry
 * (registry.server.tsx). entry.server.tsx provides the registry around the whole render; the
 * browser has no provider, so there every lookup is undefined and nothing of the registry is in
 * its bundle. The registry is named only in types here (erased by the compiler).
 */
import { createContext, useContext, type ComponentProps } from "react";
import { useNonce } from "~/hooks/useNonce";
import type { SERVER_ONLY } from "./registry.server";

export type ServerOnlyRegistry = typeof SERVER_ONLY;
type ServerComponents = ServerOnlyRegistry["components"];
export type ServerComponentName = keyof ServerComponents;
export type ServerComponent<K extends ServerComponentName> = ServerComponents[K];
export type ServerComponentProps<K extends ServerComponentName> = ComponentProps<ServerComponents[K]>;

const ServerOnlyContext = createContext<ServerOnlyRegistry | undefined>(undefined);

/** Wraps the server render (entry.server.tsx) with the registry. Never rendered in the browser. */
export const ServerOnlyProvider = ServerOnlyContext.Provider;

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
