import { MIGRATIONS_DIR_BY_BINDING } from "./d1-migrations.mjs";
import { run } from "./run.mjs";

/** Local state directory shared by migrations, seeding and `wrangler pages dev`. */
export const DEFAULT_STATE_DIR = ".wrangler/state";

/** The D1 bindings of wrangler.toml with migrations: the site's database and the analytics one (ADR 0037). */
export const MIGRATED_DATABASES = Object.keys(MIGRATIONS_DIR_BY_BINDING);

export async function applyMigrations(stateDir = DEFAULT_STATE_DIR) {
  for (const binding of MIGRATED_DATABASES) {
    await run("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", stateDir]);
  }
}

export function seedDemoContent(stateDir = DEFAULT_STATE_DIR) {
  return run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", "scripts/seed-demo.sql"]);
}
