/**
 * HTML and CSS drawings of the app's screens for the how-it-works tabs (no images), decorative.
 * Rendered through a static island: their code is not part of the landing page's first load.
 */
import { siteConfig } from "~/config/site";
import type { HowItWorksView } from "~/content/how-it-works";

export function HowItWorksDrawing({ view }: { view: HowItWorksView["id"] }) {
  if (view === "saving") return <SavingIllustration />;
  if (view === "organization") return <OrganizationIllustration />;
  return <DetailIllustration />;
}


function SavingIllustration() {
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
        <p className="text-center text-xs font-semibold text-ink-muted">Share</p>
        <div className="mt-3 grid grid-cols-4 gap-2 text-center text-[0.6875rem] text-ink-muted">
          {["Messages", "Mail", siteConfig.appName, "Notes"].map((name) => {
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
        <span className="check-bubble">
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12l5 5L20 7" />
          </svg>
        </span>
        <span className="text-sm">
          <strong className="block font-semibold">Saved to Reading</strong>
          <span className="text-ink-muted">5 tracking parameters removed</span>
        </span>
      </div>
    </div>
  );
}

const CATEGORIES = [
  ["Reading", 42, "bg-brand-500"],
  ["Recipes", 18, "bg-amber-500"],
  ["Work", 67, "bg-sky-500"],
  ["Travel", 9, "bg-emerald-500"],
] as const;

function OrganizationIllustration() {
  return (
    <div className="mock-screen">
      <div className="flex items-center justify-between">
        <span className="text-lg font-bold">Categories</span>
        <span className="text-xs text-ink-muted">136 links</span>
      </div>
      <div className="mt-3 flex items-center gap-2 rounded-lg bg-surface-sunken px-3 py-2 text-xs text-ink-muted">
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />
        </svg>
        Search “miso”
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {CATEGORIES.map(([name, count, color]) => (
          <div key={name} className="rounded-xl border border-line bg-surface p-3">
            <span className={`block h-6 w-6 rounded-md ${color}`} />
            <span className="mt-3 block text-sm font-semibold">{name}</span>
            <span className="text-xs text-ink-muted">{count} links</span>
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center gap-2 text-xs">
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">Newest first</span>
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">Favourites</span>
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">Unread</span>
      </div>
    </div>
  );
}

function DetailIllustration() {
  // A 5 x 5 pattern standing in for a QR code.
  const qr = "1110110101011101010111011";
  return (
    <div className="mock-screen">
      <span className="text-xs text-ink-muted">‹ Reading</span>
      <p className="mt-3 text-lg font-bold leading-snug">The case for slow software</p>
      <p className="mt-1 break-all text-xs text-(--accent-text)">news.example.com/2025/03/the-case-for-slow-software</p>
      <div className="mt-3 flex flex-wrap gap-2 text-xs">
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">Reading</span>
        <span className="rounded-full bg-surface-sunken px-2.5 py-1 font-medium">#essays</span>
        <span className="rounded-full bg-success-100 px-2.5 py-1 font-medium text-success-700">5 trackers removed</span>
      </div>
      <div className="mt-4 rounded-xl bg-surface-sunken p-3 text-sm">
        <span className="block text-xs font-semibold text-ink-muted">Note</span>
        Send to Sam before Friday's team chat.
      </div>
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-line p-3">
        <span className="text-sm">
          <strong className="block font-semibold">Reminder</strong>
          <span className="text-ink-muted">Saturday, 9:00</span>
        </span>
        <span className="grid grid-cols-5 gap-0.5 rounded-md bg-white p-1.5">
          {qr.split("").map((cell, index) => (
            <span key={index} className={`h-2 w-2 ${cell === "1" ? "bg-slate-900" : "bg-white"}`} />
          ))}
        </span>
      </div>
      <div className="mt-4 grid grid-cols-3 gap-2 text-center text-xs font-semibold">
        <span className="rounded-lg bg-brand-600 py-2 text-white">Open</span>
        <span className="rounded-lg bg-surface-sunken py-2">Share</span>
        <span className="rounded-lg bg-surface-sunken py-2">QR code</span>
      </div>
    </div>
  );
}
