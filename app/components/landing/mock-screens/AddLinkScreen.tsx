import { MockScreen } from "./mock-chrome";

export function AddLinkScreen() {
  return (
    <MockScreen>
      <div className="flex items-center justify-between px-4 pt-3 text-[11px]">
        <span className="text-brand-600 dark:text-brand-300">Cancel</span>
        <span className="text-sm font-semibold">New Link</span>
        <span className="font-semibold text-brand-600 dark:text-brand-300">Save</span>
      </div>
      <div className="mx-4 mt-4 space-y-2.5">
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">URL</span>
          <span className="mt-0.5 block truncate text-[11px]">example.com/slow-software</span>
          <span className="mt-1.5 block truncate text-[9px] text-ink-muted line-through">?utm_source=newsletter&amp;fbclid=IwAR3x</span>
        </div>
        <div className="flex items-start gap-2 rounded-xl bg-emerald-500/15 p-2.5 text-emerald-700 dark:text-emerald-300">
          <svg viewBox="0 0 24 24" className="mt-0.5 h-3.5 w-3.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
          </svg>
          <span className="text-[10px] leading-snug font-medium">2 trackers removed before saving</span>
        </div>
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">Title</span>
          <span className="mt-0.5 block text-[11px]">The case for slow software</span>
        </div>
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">Category</span>
          <span className="mt-1.5 flex flex-wrap gap-1 text-[10px] font-medium">
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-white">Reading</span>
            <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-ink-muted">Design</span>
            <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-ink-muted">Work</span>
          </span>
        </div>
        <div className="rounded-xl bg-surface p-2.5">
          <span className="block text-[9px] font-semibold tracking-wide text-ink-muted uppercase">Tags</span>
          <span className="mt-0.5 block text-[11px] text-ink-muted">#essays #weekend</span>
        </div>
        <div className="flex items-center justify-between rounded-xl bg-surface p-2.5 text-[11px]">
          <span>Remind me this weekend</span>
          <span className="flex h-4 w-7 items-center justify-end rounded-full bg-emerald-500 p-0.5">
            <span className="h-3 w-3 rounded-full bg-white" />
          </span>
        </div>
      </div>
    </MockScreen>
  );
}
