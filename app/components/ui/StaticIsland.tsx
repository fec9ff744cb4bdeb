/**
 * Decorative markup whose code never reaches the first page load (ADR 0015).
 *
 * On the server the real component renders. In the browser, while React hydrates that first page,
 * the island renders an element with an empty `dangerouslySetInnerHTML`: React then keeps the
 * server's HTML as it is and never touches it (it does not hydrate or re-render its children), so
 * the component's code is not needed. Rendered later by a client-side navigation, where there is no
 * server HTML, the island loads the component on demand instead.
 *
 * Only for markup without event handlers or state: nothing inside an island is interactive.
 */
import { lazy, Suspense, useState, useSyncExternalStore, type ComponentType } from "react";

let hydrating = typeof document !== "undefined";

/** Called once the first page has hydrated (root's effect): later renders are client navigations. */
export function markHydrated(): void {
  hydrating = false;
}

/** Whether React is hydrating the first page's server HTML (in the browser, before markHydrated). */
export function isHydratingFirstPage(): boolean {
  return hydrating;
}

const subscribeToNothing = () => () => {};

/**
 * Whether React is hydrating server HTML at this point of the tree: true while the first page
 * hydrates, and while a section that hydrates later (LateHydration) does; false when React renders
 * in the browser (a client-side navigation, or a late section React had to render afresh).
 */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

export function staticIsland<P extends object>(
  /** The component itself, imported from a `.server` module: undefined in the browser bundle. */
  serverComponent: ComponentType<P> | undefined,
  /** Loads the same component in the browser, for client-side navigations. */
  load: () => Promise<ComponentType<P>>,
) {
  // Typed loosely for React.lazy's ref-aware props; the island's own props stay checked.
  const Lazy = lazy(async () => ({ default: (await load()) as ComponentType<object> }));
  return function StaticIsland({ className = "contents", ...props }: P & { className?: string }) {
    const isHydrating = useIsHydrating();
    const [keepServerHtml] = useState(() => !serverComponent && isHydrating);
    if (serverComponent) {
      const Server = serverComponent;
      return (
        <div className={className}>
          <Server {...(props as P)} />
        </div>
      );
    }
    if (keepServerHtml) return <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
    return (
      <div className={className}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  };
}
