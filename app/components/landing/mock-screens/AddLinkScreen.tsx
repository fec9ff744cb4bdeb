import { useT } from "~/lib/i18n/react";
import { MockScreen } from "./mock-chrome";

export function AddLinkScreen() {
  const t = useT();
  return (
    <MockScreen>
      <div className="flex items-center justify-between px-4 pt-3 text-[11px]">
        <span className="text-brand-600 dark:text-brand-300">{t("home.mock.addLink.cancel")}</span>
        <span className="text-sm font-semibold">{t("home.mock.addLink.title")}</span>
        <span className="font-semibold text-brand-600 dark:text-brand-300">{t("home.mock.addLink.save")}</span>
      </div>
      <div className="mx-4 mt-4 space-y-2.5">
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">{t("home.mock.addLink.url")}</span>
          <span className="mt-0.5 block truncate text-[11px]">example.com/slow-software</span>
          <span className="mt-1.5 block truncate text-[9px] text-ink-muted line-through">?utm_source=newsletter&amp;fbclid=IwAR3x</span>
        </div>
        <div className="flex items-start gap-2 rounded-xl bg-emerald-500/15 p-2.5 text-emerald-700 dark:text-emerald-300">
          <svg viewBox="0 0 24 24" className="mt-0.5 h-3.5 w-3.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
          </svg>
          <span className="text-[10px] leading-snug font-medium">{t("home.mock.addLink.trackersRemoved", { count: 2 })}</span>
        </div>
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">{t("home.mock.addLink.titleLabel")}</span>
          <span className="mt-0.5 block text-[11px]">{t("home.mock.addLink.articleTitle")}</span>
        </div>
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">{t("home.mock.addLink.category")}</span>
          <span className="mt-1.5 flex flex-wrap gap-1 whitespace-nowrap text-[10px] font-medium">
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-white">{t("home.mock.categories.reading")}</span>
            <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-ink-muted">{t("home.mock.categories.design")}</span>
            <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-ink-muted">{t("home.mock.categories.work")}</span>
          </span>
        </div>
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">{t("home.mock.addLink.tags")}</span>
          <span className="mt-0.5 block text-[11px] text-ink-muted">#essays #weekend</span>
        </div>
        <div className="flex items-center justify-between rounded-xl bg-surface p-2.5 text-[11px]">
          <span>{t("home.mock.addLink.remind")}</span>
          <span className="flex h-4 w-7 items-center justify-end rounded-full bg-emerald-500 p-0.5">
            <span className="h-3 w-3 rounded-full bg-white" />
          </span>
        </div>
      </div>
    </MockScreen>
  );
}
