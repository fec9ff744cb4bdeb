/**
 * The one call components make to record an interaction: track("feature_card_click", {...}).
 * Events are queued until a sink subscribes (the analytics layer, once consent allows it), and
 * mirrored as a DOM event "analytics:event" for debugging and tests.
 */
export interface TrackedEvent {
  name: string;
  properties: Record<string, unknown>;
  path: string;
  at: number;
}

type Sink = (event: TrackedEvent) => void;

const MAX_QUEUED = 200;
const queue: TrackedEvent[] = [];
const sinks = new Set<Sink>();

export function track(name: string, properties: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  const event: TrackedEvent = { name, properties, path: window.location.pathname, at: Date.now() };
  window.dispatchEvent(new CustomEvent("analytics:event", { detail: event }));
  if (sinks.size === 0) {
    if (queue.length < MAX_QUEUED) queue.push(event);
    return;
  }
  for (const sink of sinks) {
    try {
      sink(event);
    } catch (error) {
      // Analytics failures only warn (spec section 8).
      console.warn("analytics sink failed", error);
    }
  }
}

/**
 * Attributes that make an element report a click without a handler of its own (so the element can
 * live in server-only markup): one listener on the document reads them.
 */
export function trackedClick(name: string, properties: Record<string, unknown> = {}) {
  return { "data-track": name, "data-track-props": JSON.stringify(properties) };
}

/**
 * form_submit with what the visitor was shown (error null on success). A successful waitlist
 * sign-up is also a conversion from `conversionSource`, with the catalogue's default label
 * (waitlist_signup; the analytics client fills it in, so this first-visit module stays small).
 * Forms carry data-track-form="<form id>": the analytics client records form_start on the first
 * focus of one of their email fields.
 */
export function trackFormSubmit(form: string, error: string | null, conversionSource?: string): void {
  track("form_submit", { form, success: error === null, error });
  if (error === null && conversionSource) track("conversion", { source: conversionSource });
}

/** Installs the document listener for trackedClick() elements; returns its removal. */
export function installClickTracking(): () => void {
  const onClick = (event: MouseEvent) => {
    const element = (event.target as Element | null)?.closest?.("[data-track]");
    if (!element) return;
    let properties: Record<string, unknown> = {};
    try {
      properties = JSON.parse(element.getAttribute("data-track-props") || "{}");
    } catch {
      // Malformed properties: the event still counts.
    }
    track(element.getAttribute("data-track")!, properties);
  };
  document.addEventListener("click", onClick, { capture: true });
  return () => document.removeEventListener("click", onClick, { capture: true });
}

/** Attaches a sink; it first receives what was queued. Returns the detach function. */
export function subscribe(sink: Sink): () => void {
  sinks.add(sink);
  for (const event of queue.splice(0)) sink(event);
  return () => sinks.delete(sink);
}
