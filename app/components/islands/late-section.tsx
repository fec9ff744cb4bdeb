/**
 * Interactive sections whose code is not part of the first page load (ADR 0026).
 *
 * On the server the real component (from the server-only registry) renders inside a Suspense
 * boundary. In the browser the component is a React.lazy: during the first hydration it suspends,
 * so React keeps the server's HTML of that boundary exactly as it is (visible, laid out, links and
 * no-JS forms working) and hydrates it as soon as its chunk has arrived, in a task of its own
 * instead of inside the one long hydration of the whole page. The chunk is requested when
 * hydration starts, so it loads in parallel with the page's own hydration. Rendered by a
 * client-side navigation, the section shows once its chunk is there.
 *
 * For sections below the fold: a click that lands before the chunk does is replayed by React once
 * the section has hydrated.
 */
import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { isHydratingFirstPage, lateSectionHydrated, lateSectionPending } from "./hydration";
import { useCachedHtml, useServerComponent, type ServerComponent, type ServerComponentName, type ServerComponentProps } from "./server-only";

const SECTION_ATTRIBUTE = "data-late-section";

/** Rendered inside a late section's boundary: its effect runs when that boundary has hydrated. */
function HydratedSignal() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    lateSectionHydrated();
  }, []);
  return null;
}

/** The server HTML of a late section as the document arrived, before React touched it (first page only). */
function serverHtmlOf(name: string): string | undefined {
  if (typeof document === "undefined" || !isHydratingFirstPage()) return undefined;
  return document.querySelector(`[${SECTION_ATTRIBUTE}="${name}"]`)?.innerHTML;
}

export function lateSection<K extends ServerComponentName>(
  /** The component's name in the server-only registry; also names the section's wrapper in the HTML (data-late-section). */
  name: K,
  /** Loads the same component in the browser. */
  load: () => Promise<ServerComponent<K>>,
  /**
   * perRequest: the section's props differ per request (a form's render time, the visitor's
   * attribution), so the server renders it in place every time instead of caching it (ADR 0035).
   */
  { perRequest = false }: { perRequest?: boolean } = {},
) {
  type Props = ServerComponentProps<K>;
  // Typed loosely for React.lazy's ref-aware props; the section's own props stay checked. A chunk
  // that cannot load leaves the section as the server rendered it (as without JavaScript) instead
  // of failing the page: the promise then never settles.
  const Lazy = lazy(async () => {
    try {
      return { default: (await load()) as ComponentType<object> };
    } catch (error) {
      console.warn("Section code failed to load; it stays as served.", error);
      return new Promise<never>(() => {});
    }
  });
  // Kept for the case React gives up hydrating the section (an update reached it while it waited for
  // its code, React #421: Remix re-renders the page on router state changes; ADR 0028 removed the one
  // that came right after hydration, route discovery). React then renders the section afresh in the
  // browser, showing the fallback until the code is there: this copy of the server's HTML, so nothing
  // disappears or moves meanwhile.
  const serverHtml = serverHtmlOf(name);
  // memo: the page re-renders when Remix's router state changes; with the same loader data the
  // section's props are equal, so no update comes from its props at least.
  return memo(function LateSection(props: Props) {
    const Server = useServerComponent(name);
    const cachedHtml = useCachedHtml();
    // Counted once per section present in the first page's server HTML.
    const [firstPage] = useState(() => {
      if (Server || !isHydratingFirstPage()) return false;
      lateSectionPending();
      return true;
    });
    const Component = (Server ?? Lazy) as ComponentType<object>;
    const wrapper = { className: "contents", [SECTION_ATTRIBUTE]: name };
    const fallback = firstPage && serverHtml !== undefined ? <div {...wrapper} dangerouslySetInnerHTML={{ __html: serverHtml }} /> : null;
    return (
      <Suspense fallback={fallback}>
        <div {...wrapper}>
          {/* On the server: rendered once per isolate for equal props, then reused (ADR 0035). */}
          {Server && cachedHtml && !perRequest ? cachedHtml.render(name, Component, props as object) : <Component {...(props as object)} />}
        </div>
        {firstPage && <HydratedSignal />}
      </Suspense>
    );
  });
}

/**
 * React's report of a boundary that an update reached before it had hydrated (#421). For a late
 * section that is handled (see lateSection), so it is a warning, not an error.
 */
export function isLateHydrationRace(error: unknown): boolean {
  // The production build says "#421", the development build spells it out.
  return /#421\b|before it finished hydrating/.test(String((error as Error)?.message ?? error));
}
