/**
 * One accessible tabs widget (WAI-ARIA "tabs with automatic activation"): a tablist of tabs with
 * a roving tabindex, ArrowLeft/ArrowRight (wrapping), Home and End, each tab aria-selected and
 * aria-controls its tabpanel.
 *
 * Progressive enhancement, and why this way: the server renders the first tab selected but does
 * NOT hide the other panels. Until React has hydrated (useHydrated) every panel is visible, one
 * after another, so the content is readable without JavaScript, or when the script bundle fails
 * to load. Only after hydration are inactive panels given `hidden`. Hiding them from the first
 * paint (CSS, or `hidden` plus a `scripting: none` media query) would avoid the one-time
 * collapse, but would leave the panels unreachable whenever the page's JavaScript does not run
 * (blocked, failed or still downloading on a slow network). The sections using these tabs sit
 * far below the fold, so the collapse does not move anything the visitor is looking at.
 *
 * The tabs are links to their panels (href="#panel-id"): before hydration they jump to the panel
 * below; afterwards the click is taken over and selects the tab instead. A URL hash naming a
 * panel selects its tab on load.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "~/hooks/useHydrated";

export interface TabItem {
  /** Unique within the widget; used in element ids. */
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  /** Prefix for element ids; unique on the page. */
  idPrefix: string;
  /** Accessible name of the tablist. */
  label: string;
  items: readonly TabItem[];
  className?: string;
  /** Extra classes for the tablist (layout, width). */
  listClassName?: string;
}

export function Tabs({ idPrefix, label, items, className, listClassName }: TabsProps) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const tabId = (item: TabItem) => `${idPrefix}-tab-${item.id}`;
  const panelId = (item: TabItem) => `${idPrefix}-panel-${item.id}`;

  // A link such as /home#how-it-works-panel-detail opens on that panel.
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const index = items.findIndex((item) => panelId(item) === hash || tabId(item) === hash);
    if (index > 0) setSelected(index);
    // Only on mount: later hash changes come from the visitor's own clicks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function select(index: number, focus: boolean) {
    const count = items.length;
    const next = ((index % count) + count) % count;
    setSelected(next);
    if (focus) tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={`tabs-list ${listClassName ?? ""}`}>
        {items.map((item, index) => {
          const isSelected = index === selected;
          return (
            <a
              key={item.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              id={tabId(item)}
              href={`#${panelId(item)}`}
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId(item)}
              tabIndex={isSelected ? 0 : -1}
              className="tabs-tab"
              onClick={(event) => {
                event.preventDefault();
                select(index, false);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </a>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.id}
          id={panelId(item)}
          role="tabpanel"
          aria-labelledby={tabId(item)}
          tabIndex={0}
          hidden={hydrated && index !== selected}
          className="tabs-panel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
