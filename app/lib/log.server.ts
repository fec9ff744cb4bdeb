/**
 * Structured server logs (one JSON line each) that Cloudflare's log tail and Logpush can filter.
 * Never log secrets, full emails or IPs.
 */
import { errorText } from "~/lib/db.server";

export function logError(event: string, error: unknown, fields: Record<string, unknown> = {}): void {
  console.error(
    JSON.stringify({ level: "error", event, error: errorText(error), ...fields, at: new Date().toISOString() }),
  );
}

export function logWarn(event: string, fields: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ level: "warn", event, ...fields, at: new Date().toISOString() }));
}
