import { useT } from "~/lib/i18n/react";
import { MockScreen } from "./mock-chrome";

const CATEGORIES = [
  { name: "reading", count: 86, color: "bg-brand-500" },
  { name: "work", count: 48, color: "bg-slate-500" },
  { name: "recipes", count: 41, color: "bg-amber-500" },
  { name: "design", count: 37, color: "bg-emerald-500" },
  { name: "travel", count: 22, color: "bg-sky-500" },
  { name: "watchLater", count: 14, color: "bg-rose-500" },
] as const;

export function CategoriesScreen() {
  const t = useT();
  return (
    <MockScreen tab="categories">
      <div className="flex items-end justify-between px-4 pt-3">
        <span className="text-xl font-bold tracking-tight">{t("home.mock.tabs.categories")}</span>
        <span className="text-[11px] font-medium text-brand-600 dark:text-brand-300">{t("home.mock.categoriesScreen.edit")}</span>
      </div>
      <p className="px-4 pt-1 text-[10px] text-ink-muted">{t("home.mock.categoriesScreen.summary", { categories: CATEGORIES.length, links: 248 })}</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 px-4">
        {CATEGORIES.map((c) => (
          <li key={c.name} className="rounded-xl bg-surface p-2.5 shadow-sm">
            <span className={`block h-6 w-6 rounded-lg ${c.color}`} />
            <span className="mt-2 block truncate text-[11px] font-semibold">{t(`home.mock.categories.${c.name}`)}</span>
            <span className="block text-[10px] text-ink-muted">{t("home.mock.linkCount", { count: c.count })}</span>
          </li>
        ))}
        <li className="col-span-2 rounded-xl border border-dashed border-line p-2 text-center text-[10px] font-medium text-ink-muted">
          {t("home.mock.categoriesScreen.newCategory")}
        </li>
      </ul>
    </MockScreen>
  );
}
