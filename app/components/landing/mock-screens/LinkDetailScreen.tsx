import { useT } from "~/lib/i18n/react";
import { MockScreen } from "./mock-chrome";

const ACTIONS = [
  { id: "open", path: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" },
  { id: "share", path: "M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" },
  { id: "qr", path: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2z" },
  { id: "remind", path: "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4" },
] as const;

export function LinkDetailScreen() {
  const t = useT();
  return (
    <MockScreen>
      <div className="flex items-center justify-between px-4 pt-3 text-[11px] text-brand-600 dark:text-brand-300">
        <span>{t("home.mock.linkDetail.back")}</span>
        <span>{t("home.mock.linkDetail.edit")}</span>
      </div>
      <div className="mx-4 mt-3 h-24 rounded-xl bg-gradient-to-br from-brand-500 via-brand-400 to-sky-400" />
      <div className="px-4 pt-3">
        <span className="block text-sm leading-tight font-bold">{t("home.mock.addLink.articleTitle")}</span>
        <span className="mt-0.5 block text-[10px] text-ink-muted">{t("home.mock.linkDetail.saved")}</span>
      </div>
      <div className="mx-4 mt-3 rounded-xl bg-surface p-2.5">
        <span className="flex items-center gap-1 text-[9px] font-semibold text-emerald-700 uppercase dark:text-emerald-300">
          <svg viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12l5 5L20 7" />
          </svg>
          {t("home.mock.linkDetail.cleanLink")}
        </span>
        <span className="mt-0.5 block truncate text-[10px]">https://example.com/slow-software</span>
      </div>
      <div className="mx-4 mt-2 flex flex-wrap gap-1 text-[10px] font-medium">
        {["#essays", "#weekend", "#software"].map((tag) => (
          <span key={tag} className="rounded-full bg-brand-500/15 px-2 py-0.5 text-brand-700 dark:text-brand-200">
            {tag}
          </span>
        ))}
      </div>
      <p className="mx-4 mt-2 rounded-xl bg-surface p-2.5 text-[10px] leading-snug text-ink-muted">
        {t("home.mock.linkDetail.note")}
      </p>
      <div className="mx-4 mt-3 grid grid-cols-4 gap-1.5">
        {ACTIONS.map((a) => (
          <span key={a.id} className="flex flex-col items-center gap-1 rounded-xl bg-surface py-2 text-[9px] font-medium">
            <svg viewBox="0 0 24 24" className="h-4 w-4 text-brand-600 dark:text-brand-300" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d={a.path} />
            </svg>
            {t(`home.mock.linkDetail.${a.id}`)}
          </span>
        ))}
      </div>
    </MockScreen>
  );
}
