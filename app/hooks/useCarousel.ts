/**
 * One carousel engine for every carousel on the site: wrap-around index, optional auto-advance,
 * pause while the visitor hovers or focuses it, no auto-advance under prefers-reduced-motion or
 * in a hidden tab, swipes over SWIPE_THRESHOLD_PX, and arrow keys.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { SWIPE_THRESHOLD_PX } from "~/lib/constants";

export interface CarouselOptions {
  count: number;
  /** Auto-advance period; omit for a carousel that only moves on request. */
  intervalMs?: number;
  /** Whether auto-advance starts switched on (the play/pause control toggles it). */
  initiallyPlaying?: boolean;
  /** Pause while hovered or focused (default true). */
  pauseOnInteraction?: boolean;
}

export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

export function useCarousel({ count, intervalMs, initiallyPlaying = true, pauseOnInteraction = true }: CarouselOptions) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(initiallyPlaying);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [tabHidden, setTabHidden] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const pointerStart = useRef<number | null>(null);

  const wrap = useCallback((i: number) => (count > 0 ? ((i % count) + count) % count : 0), [count]);
  const goTo = useCallback((i: number) => setIndex(wrap(i)), [wrap]);
  const next = useCallback(() => setIndex((i) => wrap(i + 1)), [wrap]);
  const prev = useCallback(() => setIndex((i) => wrap(i - 1)), [wrap]);

  // Keep the index valid when the number of pages changes (e.g. a resize changes page size).
  useEffect(() => setIndex((i) => wrap(i)), [wrap]);

  useEffect(() => {
    const onVisibility = () => setTabHidden(document.hidden);
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  const interacting = pauseOnInteraction && (hovered || focused);
  const advancing = Boolean(intervalMs) && playing && !interacting && !reducedMotion && !tabHidden && count > 1;

  // A timeout per index: a manual move restarts the full interval instead of cutting it short.
  useEffect(() => {
    if (!advancing) return;
    const timer = setTimeout(next, intervalMs);
    return () => clearTimeout(timer);
  }, [advancing, index, intervalMs, next]);

  const rootProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    // Keyboard focus pauses (WAI carousel pattern); a mouse click on a control does not.
    onFocus: (event: { target: Element }) => setFocused(event.target.matches(":focus-visible")),
    onBlur: (event: { currentTarget: Element; relatedTarget: Element | null }) => {
      if (!event.relatedTarget || !event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") {
        event.preventDefault();
        next();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        prev();
      }
    },
  };

  /** Spread on the swipeable area (CSS touch-action: pan-y keeps vertical scrolling). */
  const swipeProps = {
    onPointerDown: (event: PointerEvent) => {
      pointerStart.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (pointerStart.current === null) return;
      const dx = event.clientX - pointerStart.current;
      pointerStart.current = null;
      if (dx <= -SWIPE_THRESHOLD_PX) next();
      else if (dx >= SWIPE_THRESHOLD_PX) prev();
    },
    onPointerCancel: () => {
      pointerStart.current = null;
    },
  };

  return {
    index,
    count,
    goTo,
    next,
    prev,
    playing,
    /** Auto-advance is on and actually running right now. */
    advancing,
    togglePlaying: () => {
      // Pressing Play means "rotate now", even while focus stays on the Play button.
      if (!playing) setFocused(false);
      setPlaying((p) => !p);
    },
    setPlaying,
    reducedMotion,
    rootProps,
    swipeProps,
  };
}

/**
 * Accessibility attributes of one slide: a labelled "n of N" group, and for the slides not shown,
 * hidden from assistive technology and taken out of the tab order (inert).
 */
export function slideAttributes(i: number, active: number, count: number) {
  const hidden = i !== active;
  return {
    role: "group",
    "aria-roledescription": "slide",
    "aria-label": `${i + 1} of ${count}`,
    "aria-hidden": hidden || undefined,
    // React 18 passes unknown attributes through as strings; "" switches `inert` on.
    ...(hidden ? ({ inert: "" } as Record<string, string>) : {}),
  };
}
