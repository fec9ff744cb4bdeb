/**
 * Page-level events: page_load_complete once per document load (Navigation Timing and Paint
 * Timing, spec section 7) and outbound_link for clicks on links to other hosts.
 */
type Track = (name: string, properties: Record<string, unknown>) => void;

const MAX_MS = 600_000;
const ms = (value: number) => Math.min(MAX_MS, Math.max(0, Math.round(value)));

export interface PageLoadTiming {
  loadTime: number;
  domContentLoaded: number;
  firstPaint: number | null;
}

/** Milliseconds from the start of navigation; null when the load has not finished yet. */
export function pageLoadTiming(
  navigation: Pick<PerformanceNavigationTiming, "loadEventEnd" | "domContentLoadedEventEnd" | "startTime"> | undefined,
  paints: readonly Pick<PerformanceEntry, "name" | "startTime">[],
): PageLoadTiming | null {
  if (!navigation || navigation.loadEventEnd <= 0) return null;
  const firstPaint = paints.find((entry) => entry.name === "first-paint") ?? paints.find((entry) => entry.name === "first-contentful-paint");
  return {
    loadTime: ms(navigation.loadEventEnd - navigation.startTime),
    domContentLoaded: ms(navigation.domContentLoadedEventEnd - navigation.startTime),
    firstPaint: firstPaint ? ms(firstPaint.startTime) : null,
  };
}

/** Runs `callback` once the load event has finished (at once if it already has). */
export function afterLoad(callback: () => void): void {
  // loadEventEnd is only set after the load handlers ran: wait one task past "complete".
  if (document.readyState === "complete") setTimeout(callback, 0);
  else window.addEventListener("load", () => setTimeout(callback, 0), { once: true });
}

export function installPageLoadComplete(track: Track): void {
  afterLoad(() => {
    const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
    const timing = pageLoadTiming(navigation, performance.getEntriesByType?.("paint") ?? []);
    if (timing) track("page_load_complete", { ...timing });
  });
}

/** The outbound_link properties for a link target, or null when it stays on this site. */
export function outboundLink(href: string, pageUrl: string): { url: string; host: string } | null {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.host === new URL(pageUrl).host) return null;
  // Origin and path only: query strings and fragments can carry personal data.
  return { url: `${url.origin}${url.pathname}`.slice(0, 500), host: url.host.slice(0, 253) };
}

export function installOutboundLinks(track: Track): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.type === "auxclick" && event.button !== 1) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
    if (!link) return;
    const outbound = outboundLink(link.getAttribute("href") ?? "", window.location.href);
    if (outbound) track("outbound_link", outbound);
  };
  // Capture, so a handler that stops propagation does not hide the click; auxclick covers the middle button.
  document.addEventListener("click", onClick, { capture: true });
  document.addEventListener("auxclick", onClick, { capture: true });
  return () => {
    document.removeEventListener("click", onClick, { capture: true });
    document.removeEventListener("auxclick", onClick, { capture: true });
  };
}

/**
 * form_start on the first focus of an email field in a form marked data-track-form="<id>", once
 * per form element (a form that is replaced, e.g. after a sign-up, starts again). A field already
 * focused when analytics loads counts too.
 */
export function installFormStart(track: Track): () => void {
  const started = new WeakSet<Element>();
  const check = (target: EventTarget | null) => {
    const input = target as HTMLInputElement | null;
    if (input?.type !== "email") return;
    const form = input.closest?.("form[data-track-form]");
    if (!form || started.has(form)) return;
    started.add(form);
    track("form_start", { form: form.getAttribute("data-track-form") });
  };
  const onFocus = (event: FocusEvent) => check(event.target);
  check(document.activeElement);
  document.addEventListener("focusin", onFocus);
  return () => document.removeEventListener("focusin", onFocus);
}
