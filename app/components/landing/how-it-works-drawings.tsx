/**
 * HTML and CSS drawings of the app's screens for the how-it-works tabs (no images), decorative.
 * Rendered through a static island: their code is not part of the landing page's first load.
 */
import { siteConfig } from "~/config/site";
import type { HowItWorksView } from "~/content/how-it-works";
import { useT } from "~/lib/i18n/react";

export function HowItWorksDrawing({ view }: { view: HowItWorksView["id"] }) {
  if (view === "saving") return <SavingIllustration />;
  if (view === "organization") return <OrganizationIllustration />;
  return <DetailIllustration />;
}


function SavingIllustration() {
  const t = useT();
  const apps = [t("howItWorksDrawings.messages"), t("howItWorksDrawings.mail"), siteConfig.appName, t("howItWorksDrawings.notes")];
  return (
    <div className="mock-screen">
      <div className="flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-xs text-ink-muted">
        <span className="h-2.5 w-2.5 rounded-full border border-current" />
        news.example.com
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 w-4/5 rounded bg-line" />
        <div className="h-3 w-full rounded bg-line" />
        <div className="h-3 w-3/5 rounded bg-line" />
      </div>
      <div className="mt-6 rounded-2xl border border-line bg-surface-sunken p-4">
        <p className="text-center text-xs font-semibold text-ink-muted">{t("howItWorksDrawings.share")}</p>
        <div className="mt-3 grid grid-cols-4 gap-2 text-center text-[0.6875rem] text-ink-muted">
          {apps.map((name) => {
            const ours = name === siteConfig.appName;
            return (
              <div key={name} className="min-w-0">
                <span className={`mx-auto block h-11 w-11 rounded-xl ${ours ? "mock-app-icon" : "bg-line"}`} />
                <span className={`mt-1 block truncate ${ours ? "font-semibold text-ink" : ""}`}>{name}</span>
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3 rounded-xl border border-line bg-surface p-3 shadow-sm">
        <span className="check-bubble" />
        <span className="text-sm">
          <strong className="block font-semibold">{t("howItWorksDrawings.savedTo")}</strong>
          <span className="text-ink-muted">{t("howItWorksDrawings.parametersRemoved", { count: 5 })}</span>
        </span>
      </div>
    </div>
  );
}

const CATEGORIES = [
  ["reading", 42, "bg-brand-500"],
  ["recipes", 18, "bg-amber-500"],
  ["work", 67, "bg-sky-500"],
  ["travel", 9, "bg-emerald-500"],
] as const;

function OrganizationIllustration() {
  const t = useT();
  return (
    <div className="mock-screen">
      <div className="flex items-center justify-between">
        <span className="text-lg font-bold">{t("howItWorksDrawings.categories")}</span>
        <span className="text-xs text-ink-muted">{t("howItWorksDrawings.links", { count: 136 })}</span>
      </div>
      <div className="mt-3 flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-xs text-ink-muted">
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />
        </svg>
        {t("howItWorksDrawings.search")}
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {CATEGORIES.map(([name, count, color]) => (
          <div key={name} className="rounded-xl border border-line bg-surface p-3">
            <span className={`block h-6 w-6 rounded-md ${color}`} />
            <span className="mt-3 block text-sm font-semibold">{t(`howItWorksDrawings.${name}`)}</span>
            <span className="text-xs text-ink-muted">{t("howItWorksDrawings.links", { count })}</span>
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center gap-2 text-xs">
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">{t("howItWorksDrawings.newestFirst")}</span>
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">{t("howItWorksDrawings.favourites")}</span>
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">{t("howItWorksDrawings.unread")}</span>
      </div>
    </div>
  );
}

function DetailIllustration() {
  const t = useT();
  // A 5 x 5 pattern standing in for a QR code.
  const qr = "1110110101011101010111011";
  return (
    <div className="mock-screen">
      <span className="text-xs text-ink-muted">{t("howItWorksDrawings.back")}</span>
      <p className="mt-3 text-lg font-bold leading-snug">{t("howItWorksDrawings.articleTitle")}</p>
      <p className="mt-1 break-all text-xs text-(--accent-text)">news.example.com/2025/03/the-case-for-slow-software</p>
      <div className="mt-3 flex flex-wrap gap-2 text-xs">
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">{t("howItWorksDrawings.reading")}</span>
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">#essays</span>
        <span className="rounded-full bg-success-100 px-2.5 py-1 font-medium text-success-700">{t("howItWorksDrawings.trackersRemoved", { count: 5 })}</span>
      </div>
      <div className="mt-4 rounded-xl bg-surface-sunken p-3 text-sm">
        <span className="block text-xs font-semibold text-ink-muted">{t("howItWorksDrawings.note")}</span>
        {t("howItWorksDrawings.noteText")}
      </div>
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-line p-3">
        <span className="text-sm">
          <strong className="block font-semibold">{t("howItWorksDrawings.reminder")}</strong>
          <span className="text-ink-muted">{t("howItWorksDrawings.reminderTime")}</span>
        </span>
        <span className="grid grid-cols-5 gap-0.5 rounded-md bg-white p-1.5">
          {qr.split("").map((cell, index) => (
            <span key={index} className={`h-2 w-2 ${cell === "1" ? "bg-slate-900" : "bg-white"}`} />
          ))}
        </span>
      </div>
      <div className="mt-4 grid grid-cols-3 gap-2 text-center text-xs font-semibold">
        <span className="rounded-lg bg-brand-600 py-2 text-white">{t("howItWorksDrawings.open")}</span>
        <span className="rounded-lg bg-surface-sunken py-2">{t("howItWorksDrawings.share")}</span>
        <span className="rounded-lg bg-surface-sunken py-2">{t("howItWorksDrawings.qrCode")}</span>
      </div>
    </div>
  );
}
