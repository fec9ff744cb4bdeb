import { MockScreen } from "./mock-chrome";

const LINKS = [
  { title: "The case for slow software", meta: "Reading · 2h", color: "bg-brand-500", letter: "S" },
  { title: "Weeknight miso salmon", meta: "Recipes · yesterday", color: "bg-amber-500", letter: "M" },
  { title: "Type scale cheat sheet", meta: "Design · Mon", color: "bg-emerald-500", letter: "T" },
  { title: "Lisbon in three days", meta: "Travel · Sun", color: "bg-sky-500", letter: "L" },
  { title: "Why we sleep, explained", meta: "Watch later · Sat", color: "bg-rose-500", letter: "W" },
] as const;

export function MyLinksScreen() {
  return (
    <MockScreen tab="Links">
      <div className="flex items-end justify-between px-4 pt-3">
        <span className="text-xl font-bold tracking-tight">My Links</span>
        <span className="rounded-full bg-brand-600 px-2.5 py-1 text-[10px] font-semibold text-white">+ Add</span>
      </div>
      <div className="mx-4 mt-3 flex items-center gap-1.5 rounded-lg bg-surface px-2.5 py-1.5 text-[11px] text-ink-muted">
        <svg viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" />
        </svg>
        Search 248 links
      </div>
      <div className="mt-3 flex gap-1.5 overflow-hidden px-4 text-[10px] font-medium">
        <span className="rounded-full bg-ink px-2.5 py-1 text-surface">All</span>
        {["Reading", "Recipes", "Design", "Travel"].map((c) => (
          <span key={c} className="rounded-full bg-surface px-2.5 py-1 text-ink-muted">
            {c}
          </span>
        ))}
      </div>
      <ul className="mt-3 space-y-1.5 px-4">
        {LINKS.map((link) => (
          <li key={link.title} className="flex items-center gap-2.5 rounded-xl bg-surface p-2 shadow-sm">
            <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-xs font-bold text-white ${link.color}`}>
              {link.letter}
            </span>
            <span className="min-w-0">
              <span className="block truncate text-[11px] font-semibold">{link.title}</span>
              <span className="block text-[10px] text-ink-muted">{link.meta}</span>
            </span>
          </li>
        ))}
      </ul>
    </MockScreen>
  );
}
