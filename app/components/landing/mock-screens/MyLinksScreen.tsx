import { useT } from "~/lib/i18n/react";
import { MockScreen } from "./mock-chrome";

const LINKS = [
  { id: "link1", color: "bg-brand-500", letter: "S" },
  { id: "link2", color: "bg-amber-500", letter: "M" },
  { id: "link3", color: "bg-emerald-500", letter: "T" },
  { id: "link4", color: "bg-sky-500", letter: "L" },
  { id: "link5", color: "bg-rose-500", letter: "W" },
] as const;

const FILTERS = ["reading", "recipes", "design", "travel"] as const;

export function MyLinksScreen() {
  const t = useT();
  return (
    <MockScreen tab="links">
      <div className="flex items-end justify-between px-4 pt-3">
        <span className="text-xl font-bold tracking-tight">{t("home.mock.myLinks.title")}</span>
        <span className="rounded-full bg-brand-600 px-2.5 py-1 text-[10px] font-semibold text-white">{t("home.mock.myLinks.add")}</span>
      </div>
      <div className="mx-4 mt-3 flex items-center gap-1.5 rounded-lg bg-surface px-2.5 py-1.5 text-[11px] text-ink-muted">
        <svg viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" />
        </svg>
        {t("home.mock.myLinks.search", { count: 248 })}
      </div>
      <div className="mt-3 flex gap-1.5 overflow-hidden whitespace-nowrap px-4 text-[10px] font-medium *:shrink-0">
        <span className="rounded-full bg-ink px-2.5 py-1 text-surface">{t("home.mock.myLinks.all")}</span>
        {FILTERS.map((c) => (
          <span key={c} className="rounded-full bg-surface px-2.5 py-1 text-ink-muted">
            {t(`home.mock.categories.${c}`)}
          </span>
        ))}
      </div>
      <ul className="mt-3 space-y-1.5 px-4">
        {LINKS.map((link) => (
          <li key={link.id} className="flex items-center gap-2.5 rounded-xl bg-surface p-2 shadow-sm">
            <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-xs font-bold text-white ${link.color}`}>
              {link.letter}
            </span>
            <span className="min-w-0">
              <span className="block truncate text-[11px] font-semibold">{t(`home.mock.myLinks.${link.id}.title`)}</span>
              <span className="block text-[10px] text-ink-muted">{t(`home.mock.myLinks.${link.id}.meta`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </MockScreen>
  );
}
