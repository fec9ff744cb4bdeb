/**
 * Interactive sections whose code is not part of the first page load (ADR 0026).
 *
 * On the server the real component renders inside a Suspense boundary. In the browser the
 * component is a React.lazy: during the first hydration it suspends, so React keeps the server's
 * HTML of that boundary exactly as it is (visible, laid out, links and no-JS forms working) and
 * hydrates it as soon as its chunk has arrived, in a task of its own instead of inside the one long
 * hydration of the whole page. The chunk is requested when hydration starts, so it loads in
 * parallel with the page's own hydration. Rendered by a client-side navigation, the section shows
 * once its chunk is there.
 *
 * For sections below the fold: a click that lands before the chunk does is replayed by React once
 * the section has hydrated.
 */
import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType } from "react";

import { isHydratingFirstPage, LateServerHtmlContext } from "./StaticIsland";

let pending = 0;
const waiting = new Set<() => void>();

/** Resolves once every late section of the first page has hydrated (root's data-hydrated waits for it). */
export function lateSectionsHydrated(): Promise<void> {
  if (pending === 0) return Promise.resolve();
  return new Promise((resolve) => waiting.add(resolve));
}

/** Rendered inside a late section's boundary: its effect runs when that boundary has hydrated. */
function HydratedSignal() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    pending -= 1;
    if (pending === 0) {
      for (const resolve of waiting) resolve();
      waiting.clear();
    }
  }, []);
  return null;
}

export function lateHydrated<P extends object>(
  /** The component itself, imported from a `.server` module: undefined in the browser bundle. */
  serverComponent: ComponentType<P> | undefined,
  /** Loads the same component in the browser. */
  load: () => Promise<ComponentType<P>>,
) {
  // Typed loosely for React.lazy's ref-aware props; the section's own props stay checked. A chunk
  // that cannot load leaves the section as the server rendered it (as without JavaScript) instead
  // of failing the page: the promise then never settles.
  const Lazy = lazy(async () => {
    try {
      return { default: (await load()) as ComponentType<object> };
    } catch (error) {
      console.warn("A page section could not load its code; it stays as the server rendered it.", error);
      return new Promise<never>(() => {});
    }
  });
  // memo: the page re-renders when Remix's router state changes; with the same loader data the
  // section's props are equal, and no update may reach a boundary still waiting for its code (React
  // would then drop its server HTML and render it on the client: error #421).
  return memo(function LateHydrated(props: P) {
    // Counted once per section present in the first page's server HTML.
    const [signals] = useState(() => {
      if (serverComponent || !isHydratingFirstPage()) return false;
      pending += 1;
      return true;
    });
    const Component = (serverComponent ?? Lazy) as ComponentType<P>;
    return (
      <LateServerHtmlContext.Provider value={signals}>
        <Suspense fallback={null}>
          <Component {...props} />
          {signals && <HydratedSignal />}
        </Suspense>
      </LateServerHtmlContext.Provider>
    );
  });
}
