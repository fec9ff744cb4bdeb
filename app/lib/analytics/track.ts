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

/** Attaches a sink; it first receives what was queued. Returns the detach function. */
export function subscribe(sink: Sink): () => void {
  sinks.add(sink);
  for (const event of queue.splice(0)) sink(event);
  return () => sinks.delete(sink);
}
