// The project's D1 migrations as statements, for Miniflare outside wrangler (integration tests and
// the analytics benchmark). wrangler applies the same files with `d1 migrations apply`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Splits a migration into statements: the files end each statement with a `;` that ends a line. A
 * trigger's body has such `;`s inside `BEGIN … END`, so a CREATE TRIGGER runs on to its `END`, as
 * wrangler's splitter does.
 */
export function migrationStatements(sql) {
  const chunks = sql
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  const statements = [];
  for (const chunk of chunks) {
    const last = statements.at(-1);
    if (last !== undefined && /^CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(last) && !/\bEND$/i.test(last)) {
      statements[statements.length - 1] = `${last};\n${chunk}`;
    } else {
      statements.push(chunk);
    }
  }
  return statements;
}

/**
 * Each migrated D1 binding of wrangler.toml and its `migrations_dir`: the site's database and the
 * analytics one (ADR 0037). Whatever migrates a local stack migrates all of these.
 */
export const MIGRATIONS_DIR_BY_BINDING = { DB: "migrations", ANALYTICS_DB: "migrations-analytics" };

/** The migration files (migrations/*.sql), in the order they apply. */
export function migrationFiles(dir = join(process.cwd(), "migrations")) {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => join(dir, f));
}

/** Applies one migration file as one D1 batch (one transaction, as wrangler applies it). */
export async function applyMigrationFile(db, file) {
  const statements = migrationStatements(readFileSync(file, "utf8"));
  await db.batch(statements.map((s) => db.prepare(s)));
}

/** Applies every migration file in order. */
export async function applyMigrations(db, dir) {
  for (const file of migrationFiles(dir)) await applyMigrationFile(db, file);
}
