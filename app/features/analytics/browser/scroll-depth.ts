/**
 * scroll_depth at exactly 25, 50, 75 and 100 percent, each at most once per page view (spec
 * section 7). The depth is how much of the scrollable distance has been covered: 0 at the top,
 * 100 at the bottom. A page that does not scroll reports nothing.
 */
import { SCROLL_DEPTH_THRESHOLDS } from "../constants";

export type ScrollThreshold = (typeof SCROLL_DEPTH_THRESHOLDS)[number];

/** The bottom counts as reached within this many pixels (sub-pixel layouts rarely end exactly). */
const BOTTOM_TOLERANCE_PX = 2;

export function scrollPercent(metrics: { scrollY: number; viewportHeight: number; documentHeight: number }): number | null {
  const scrollable = metrics.documentHeight - metrics.viewportHeight;
  if (scrollable <= BOTTOM_TOLERANCE_PX) return null;
  if (metrics.scrollY >= scrollable - BOTTOM_TOLERANCE_PX) return 100;
  return Math.max(0, Math.min(100, (metrics.scrollY / scrollable) * 100));
}

/** The thresholds reached at `percent` and not reported yet, lowest first. */
export function reachedThresholds(percent: number | null, reported: ReadonlySet<number>): ScrollThreshold[] {
  if (percent === null) return [];
  return SCROLL_DEPTH_THRESHOLDS.filter((threshold) => percent >= threshold && !reported.has(threshold));
}

/**
 * Listens to scrolling; reset() starts a new page view; check() reports what a reader reached before the
 * tracker was installed (call it once the queued page view has been delivered, or reset() undoes it).
 */
export function installScrollDepth(report: (percent: ScrollThreshold) => void): { reset(): void; check(): void; stop(): void } {
  const reported = new Set<number>();
  const onScroll = () => {
    if (reported.size === SCROLL_DEPTH_THRESHOLDS.length) return;
    const root = document.documentElement;
    const percent = scrollPercent({ scrollY: window.scrollY, viewportHeight: window.innerHeight, documentHeight: root.scrollHeight });
    for (const threshold of reachedThresholds(percent, reported)) {
      reported.add(threshold);
      report(threshold);
    }
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  return {
    reset: () => reported.clear(),
    check: onScroll,
    stop: () => window.removeEventListener("scroll", onScroll),
  };
}
