import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

export type Database = ReturnType<typeof createDb>;

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** Drizzle's DrizzleQueryError (matched by shape: a bundle may hold more than one copy of the class). */
function isQueryError(error: Error): error is Error & { query: string; params: unknown[] } {
  const candidate = error as Error & { query?: unknown; params?: unknown };
  return typeof candidate.query === "string" && Array.isArray(candidate.params);
}

/**
 * The text of an error and of its causes (drizzle wraps D1's error in a `cause`), for logs and
 * stored failure details. Never a query's bound parameters (ADR 0034): drizzle's message lists them,
 * and they are what a visitor typed (emails, names, messages, user agents). A failed query gives
 * its statement instead, with any inline string literal masked too.
 */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(isQueryError(current) ? `Failed query: ${current.query.replace(/'(?:[^']|'')*'/g, "'…'")}` : current.message);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(" <- ");
}

/** True when SQLite rejected a write because of a UNIQUE index or PRIMARY KEY. */
export function isUniqueViolation(error: unknown): boolean {
  const text = errorText(error);
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE|SQLITE_CONSTRAINT_PRIMARYKEY/i.test(text);
}
