import { useEffect, type RefObject } from "react";

/** Room left between the banner and what it keeps clear. */
const GAP_PX = 8;

/**
 * Keeps what a visitor is working with clear of the cookie banner, which is fixed over the bottom of
 * the page (ADR 0046):
 * - the page gets room at its end and a bottom scroll padding as tall as the banner, so the browser's
 *   own focus scrolling (Tab) stops above it and the last content can be scrolled clear;
 * - when a field is focused by a click or tap (the browser does not scroll then), when the banner
 *   appears and when it changes size, the page scrolls just enough to bring the focused element clear,
 *   with its form's submit button when both fit; with nothing focused, the forms' fields and buttons on screen.
 */
export function useKeepClearOfBanner(region: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const banner = region.current;
    if (!banner) return;
    const root = document.documentElement;
    // The room is set on <html> and <body> themselves. A custom property on <html> would be inherited
    // by every element, and restyling the whole document cost 12 ms on /home (0.3 ms this way, ADR 0046).
    const makeRoom = (space: string) => {
      root.style.scrollPaddingBottom = space;
      document.body.style.paddingBottom = space;
    };
    let frame = 0;
    // After the browser's own focus scrolling, and after layout has taken the new room into account.
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => keepClear(banner));
    };
    const observer = new ResizeObserver(() => {
      // offsetHeight ignores the entrance animation's transform.
      makeRoom(`${banner.offsetHeight}px`);
      schedule();
    });
    observer.observe(banner);
    const onFocusIn = (event: FocusEvent) => {
      if (!banner.contains(event.target as Node)) schedule();
    };
    document.addEventListener("focusin", onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener("focusin", onFocusIn);
      makeRoom("");
    };
  }, [region]);
}

/** Scrolls the page (never the banner) so that what must stay visible is above the banner. */
function keepClear(banner: HTMLElement) {
  const root = document.documentElement;
  const limit = root.clientHeight - banner.offsetHeight - GAP_PX;
  // The sticky header covers the top of the page: nothing is scrolled under it.
  const top = parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
  const focused = document.activeElement;
  // An open dialog is above the banner (the top layer), and the page behind it is inert.
  if (focused?.closest("dialog[open]")) return;
  const working =
    focused instanceof HTMLElement && !banner.contains(focused) && isControl(focused) && movesWithPage(focused) ? focused : null;

  // The focused control with its form's submit button when both fit, else the control alone.
  const candidates: HTMLElement[][] = working
    ? [[working, ...submitButtons(working.closest("form"))], [working]]
    : withTheirSubmitButtons(visibleFormControls());
  for (const [index, elements] of candidates.entries()) {
    const rects = elements.map((element) => element.getBoundingClientRect()).filter((rect) => rect.height > 0);
    if (rects.length === 0) return;
    const overlap = Math.max(...rects.map((rect) => rect.bottom)) - limit;
    if (overlap <= 0) return;
    const room = Math.min(...rects.map((rect) => rect.top)) - top;
    if (overlap <= room || index === candidates.length - 1) {
      if (room > 0) window.scrollBy({ top: Math.min(overlap, room) });
      return;
    }
  }
}

/** A form control or link: what a visitor types in or activates (not <body>, nor a focused <main>). */
function isControl(element: HTMLElement): boolean {
  return element.matches("input, select, textarea, button, a[href], [contenteditable], [tabindex]:not([tabindex='-1'])");
}

/** Scrolling the page cannot move what sits in a fixed or sticky box, such as the header's menu. */
function movesWithPage(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const { position } = getComputedStyle(node);
    if (position === "fixed" || position === "sticky") return false;
  }
  return true;
}

function submitButtons(form: HTMLFormElement | null): HTMLElement[] {
  if (!form) return [];
  return Array.from(form.elements).filter(
    (element): element is HTMLButtonElement | HTMLInputElement =>
      (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === "submit",
  );
}

/** The controls on screen with their forms' submit buttons when all fit, else the controls alone. */
function withTheirSubmitButtons(controls: HTMLElement[]): HTMLElement[][] {
  const forms = new Set(controls.map((control) => control.closest("form")).filter((form) => form !== null));
  const buttons = [...forms].flatMap((form) => submitButtons(form)).filter(movesWithPage);
  return [[...new Set([...controls, ...buttons])], controls];
}

/**
 * The fields and submit buttons of forms at least partly inside the viewport (not hidden bot traps).
 * Controls that are not rendered, such as the language switchers' inside a closed <details>, are left
 * out before anything is measured: measuring them lays out their hidden subtree (35 ms on /blog).
 */
function visibleFormControls(): HTMLElement[] {
  const { clientHeight: height, clientWidth: width } = document.documentElement;
  return Array.from(document.forms)
    .flatMap((form) => Array.from(form.elements))
    .filter((element): element is HTMLElement => element instanceof HTMLElement && element.matches("input:not([type=hidden]), textarea, select, button[type=submit], button:not([type])"))
    .filter((element) => typeof element.checkVisibility !== "function" || element.checkVisibility())
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.height > 0 && rect.top < height && rect.bottom > 0 && rect.right > 0 && rect.left < width && !element.closest("[aria-hidden='true']") && movesWithPage(element);
    });
}
