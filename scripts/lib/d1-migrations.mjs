// The project's D1 migrations as statements, for Miniflare outside wrangler (integration tests and
// the analytics benchmark). wrangler applies the same files with `d1 migrations apply`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Splits a migration into statements (the files keep one statement per `;`-terminated block). */
export function migrationStatements(sql) {
  return sql
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Applies every migrations/*.sql in name order, each file as one D1 batch. */
export async function applyMigrations(db, dir = join(process.cwd(), "migrations")) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
  for (const file of files) {
    const statements = migrationStatements(readFileSync(join(dir, file), "utf8"));
    await db.batch(statements.map((s) => db.prepare(s)));
  }
}
