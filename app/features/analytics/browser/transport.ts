/**
 * Delivers one batch to the first-party collector: navigator.sendBeacon (survives the page being
 * closed, never delays it), and fetch with keepalive when the browser has no beacon or refuses it
 * (queue full, body too big). Resolves with null on success or the failure's message; never throws.
 */
import { ANALYTICS_MESSAGES } from "./messages";

export const COLLECTOR_ENDPOINT = "/api/events";
/** Retries after a 5xx answer, waiting attempt × 1000 ms (the spec's "retry with growing delay"). */
export const MAX_RETRIES = 2;
export const RETRY_DELAY_MS = 1000;

export interface TransportDeps {
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch: typeof fetch;
  wait: (ms: number) => Promise<void>;
}

export function browserTransport(): TransportDeps {
  return {
    sendBeacon: typeof navigator.sendBeacon === "function" ? (url, data) => navigator.sendBeacon(url, data) : undefined,
    fetch: (...args) => window.fetch(...args),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

export async function deliverBatch(body: string, deps: TransportDeps, url = COLLECTOR_ENDPOINT): Promise<string | null> {
  if (deps.sendBeacon) {
    try {
      if (deps.sendBeacon(url, new Blob([body], { type: "application/json" }))) return null;
    } catch {
      // A throwing beacon (blocked by an extension, say) is a refused beacon: fall back to fetch.
    }
  }
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
        keepalive: true,
        credentials: "same-origin",
      });
    } catch {
      return ANALYTICS_MESSAGES.batchNetworkError;
    }
    if (response.ok) return null;
    if (response.status < 500) return `${ANALYTICS_MESSAGES.batchRejected} (${response.status})`;
    if (attempt >= MAX_RETRIES) return ANALYTICS_MESSAGES.batchRetriesExceeded;
    await deps.wait((attempt + 1) * RETRY_DELAY_MS);
  }
}
