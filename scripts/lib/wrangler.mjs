import { run } from "./run.mjs";

/** Local state directory shared by migrations, seeding and `wrangler pages dev`. */
export const DEFAULT_STATE_DIR = ".wrangler/state";

export function applyMigrations(stateDir = DEFAULT_STATE_DIR) {
  return run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
}

export function seedDemoContent(stateDir = DEFAULT_STATE_DIR) {
  return run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", "scripts/seed-demo.sql"]);
}
