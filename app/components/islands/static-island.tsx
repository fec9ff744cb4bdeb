/**
 * Decorative markup whose code never reaches the first page load (ADR 0015).
 *
 * On the server the real component renders (from the server-only registry). In the browser, while
 * React hydrates that first page, the island renders an element with an empty
 * `dangerouslySetInnerHTML`: React 18 then keeps the server's HTML as it is and never touches it (it
 * does not hydrate or re-render its children), so the component's code is not needed. Rendered
 * later by a client-side navigation, where there is no server HTML, the island loads the component
 * on demand instead.
 *
 * Only for markup without event handlers or state: nothing inside an island is interactive.
 */
import { lazy, Suspense, useState, useSyncExternalStore, type ComponentType } from "react";
import { useLang } from "~/lib/i18n/react";
import { useCachedHtml, useServerComponent, type ServerComponent, type ServerComponentName, type ServerComponentProps } from "./server-only";

const subscribeToNothing = () => () => {};

/**
 * Whether React is hydrating server HTML at this point of the tree: true while the first page
 * hydrates; false when React renders in the browser (a client-side navigation).
 */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

export function staticIsland<K extends ServerComponentName>(
  /** The component's name in the server-only registry (registry.server.tsx). */
  name: K,
  /** Loads the same component in the browser, for client-side navigations. */
  load: () => Promise<ServerComponent<K>>,
) {
  type Props = ServerComponentProps<K>;
  // Typed loosely inside (React.lazy's ref-aware props, a generic props type); the island's own props stay checked.
  const Lazy = lazy(async () => ({ default: (await load()) as ComponentType<object> }));
  return function StaticIsland({ className = "contents", ...props }: Props & { className?: string }) {
    const Server = useServerComponent(name) as ComponentType<object> | undefined;
    const cachedHtml = useCachedHtml();
    const isHydrating = useIsHydrating();
    const lang = useLang();
    // The server's HTML is in the first page's language: a client-side navigation to another renders afresh.
    const [serverHtmlLang] = useState(() => (!Server && isHydrating ? lang : null));
    if (Server) {
      // Rendered once per isolate for equal props, then reused (ADR 0035).
      return <div className={className}>{cachedHtml ? cachedHtml.render(name, Server, props) : <Server {...props} />}</div>;
    }
    if (serverHtmlLang === lang) return <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
    return (
      <div className={className}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  };
}
