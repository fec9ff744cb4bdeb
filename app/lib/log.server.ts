/**
 * Structured server logs (one JSON line each) that Cloudflare's log tail and Logpush can filter: the
 * one place server code writes log lines (ESLint refuses console.* elsewhere on the server).
 * Never log secrets, emails, names, IPs, user agents or what a visitor typed: an error is logged by
 * its text without a query's parameters (errorText), and anything that still looks like an email
 * address in any string is replaced (ADR 0034).
 */
import { errorText } from "~/lib/db.server";
import { redactAddresses } from "~/lib/redact";

function clean(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, value instanceof Error ? redactAddresses(errorText(value)) : typeof value === "string" ? redactAddresses(value) : value]),
  );
}

export function logInfo(event: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ level: "info", event, ...clean(fields), at: new Date().toISOString() }));
}

export function logError(event: string, error: unknown, fields: Record<string, unknown> = {}): void {
  console.error(
    JSON.stringify({ level: "error", event, error: redactAddresses(errorText(error)), ...clean(fields), at: new Date().toISOString() }),
  );
}

export function logWarn(event: string, fields: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ level: "warn", event, ...clean(fields), at: new Date().toISOString() }));
}
