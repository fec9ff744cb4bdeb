/**
 * Shared pieces of the HTML/CSS phone mock-ups in the hero: the iOS status bar and tab bar.
 * The mock-ups are illustrations; the hero carousel hides them from assistive technology and
 * describes each screen in words instead.
 */
import type { ReactNode } from "react";
import { useT } from "~/lib/i18n/react";

export function MockStatusBar() {
  return (
    <div className="flex items-center justify-between px-6 pt-3 pb-1 text-[11px] font-semibold">
      <span>9:41</span>
      <span className="flex items-center gap-1">
        <svg viewBox="0 0 18 12" className="h-2.5 w-4" fill="currentColor">
          <rect x="0" y="8" width="3" height="4" rx="1" />
          <rect x="5" y="5.5" width="3" height="6.5" rx="1" />
          <rect x="10" y="3" width="3" height="9" rx="1" />
          <rect x="15" y="0" width="3" height="12" rx="1" />
        </svg>
        <svg viewBox="0 0 26 12" className="h-2.5 w-5" fill="none" stroke="currentColor">
          <rect x="0.5" y="0.5" width="22" height="11" rx="3" />
          <rect x="2.5" y="2.5" width="15" height="7" rx="1.5" fill="currentColor" stroke="none" />
          <path d="M24.5 4v4" strokeLinecap="round" />
        </svg>
      </span>
    </div>
  );
}

const TABS = [
  { id: "links", path: "M4 6h16M4 12h16M4 18h10" },
  { id: "categories", path: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
  { id: "search", path: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" },
  { id: "settings", path: "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2" },
] as const;

export function MockTabBar({ active }: { active: (typeof TABS)[number]["id"] }) {
  const t = useT();
  return (
    <div className="absolute inset-x-0 bottom-0 grid grid-cols-4 border-t border-line bg-surface/95 px-2 pt-1.5 pb-4">
      {TABS.map((tab) => (
        <span
          key={tab.id}
          className={`flex flex-col items-center gap-0.5 text-[9px] font-medium ${
            tab.id === active ? "text-brand-600 dark:text-brand-300" : "text-ink-muted"
          }`}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d={tab.path} />
          </svg>
          {t(`home.mock.tabs.${tab.id}`)}
        </span>
      ))}
    </div>
  );
}

/** A full mock screen: status bar, content, optional tab bar. */
export function MockScreen({ children, tab }: { children: ReactNode; tab?: Parameters<typeof MockTabBar>[0]["active"] }) {
  return (
    <div className="relative h-full overflow-hidden bg-surface-sunken text-ink">
      <MockStatusBar />
      {children}
      {tab ? <MockTabBar active={tab} /> : null}
    </div>
  );
}
