/**
 * What the island bundle gets for `@remix-run/react` (scripts/islands.mjs resolves the package here):
 * an island page runs without Remix's router (ADR 0060), so links are plain links, the location is the
 * document's, and the root's data is what the page's boot read from the HTML. An island that imports
 * anything else from Remix fails the bundle's build ("No matching export"), not the page.
 */
import { forwardRef, type AnchorHTMLAttributes } from "react";

let rootData: unknown = null;

/** Called once by the boot, before any island renders. */
export function provideRootData(data: unknown): void {
  rootData = data;
}

type To = string | { pathname?: string; search?: string; hash?: string };

function href(to: To): string {
  return typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}${to.hash ?? ""}`;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  // Remix's navigation options: without the router every link is a document navigation.
  prefetch?: string;
  reloadDocument?: boolean;
  replace?: boolean;
  preventScrollReset?: boolean;
  state?: unknown;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, prefetch: _prefetch, reloadDocument: _reloadDocument, replace: _replace, preventScrollReset: _preventScrollReset, state: _state, ...rest },
  ref,
) {
  return <a ref={ref} href={href(to)} {...rest} />;
});

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: "default" };
}

export function useRouteLoaderData(routeId: string): unknown {
  return routeId === "root" ? rootData : undefined;
}

export function useMatches() {
  return [{ id: "root", pathname: window.location.pathname, params: {}, data: rootData, handle: undefined }];
}
