import { MockScreen } from "./mock-chrome";

const CATEGORIES = [
  { name: "Reading", count: 86, color: "bg-brand-500" },
  { name: "Work", count: 48, color: "bg-slate-500" },
  { name: "Recipes", count: 41, color: "bg-amber-500" },
  { name: "Design", count: 37, color: "bg-emerald-500" },
  { name: "Travel", count: 22, color: "bg-sky-500" },
  { name: "Watch later", count: 14, color: "bg-rose-500" },
] as const;

export function CategoriesScreen() {
  return (
    <MockScreen tab="Categories">
      <div className="flex items-end justify-between px-4 pt-3">
        <span className="text-xl font-bold tracking-tight">Categories</span>
        <span className="text-[11px] font-medium text-brand-600 dark:text-brand-300">Edit</span>
      </div>
      <p className="px-4 pt-1 text-[10px] text-ink-muted">6 categories · 248 links</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 px-4">
        {CATEGORIES.map((c) => (
          <li key={c.name} className="rounded-xl bg-surface p-2.5 shadow-sm">
            <span className={`block h-6 w-6 rounded-lg ${c.color}`} />
            <span className="mt-2 block truncate text-[11px] font-semibold">{c.name}</span>
            <span className="block text-[10px] text-ink-muted">{c.count} links</span>
          </li>
        ))}
        <li className="col-span-2 rounded-xl border border-dashed border-line p-2 text-center text-[10px] font-medium text-ink-muted">
          + New Category
        </li>
      </ul>
    </MockScreen>
  );
}
