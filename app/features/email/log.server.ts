/**
 * The email code's log lines: JSON like every server log (app/lib/log.server.ts), with every string
 * passed through redactAddresses first, so no address reaches a log even by mistake.
 */
import { errorText } from "~/lib/db.server";
import { logError, logWarn } from "~/lib/log.server";
import { redactAddresses } from "./redact";

function clean(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? redactAddresses(value) : value]));
}

export function logEmailInfo(event: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ level: "info", event, ...clean(fields), at: new Date().toISOString() }));
}

export function logEmailWarn(event: string, fields: Record<string, unknown> = {}): void {
  logWarn(event, clean(fields));
}

export function logEmailError(event: string, error: unknown, fields: Record<string, unknown> = {}): void {
  logError(event, redactAddresses(errorText(error)), clean(fields));
}
