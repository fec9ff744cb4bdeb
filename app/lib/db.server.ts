import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

export type Database = ReturnType<typeof createDb>;

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** The text of an error and of its causes (drizzle wraps D1's error in a `cause`). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(current.message);
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
