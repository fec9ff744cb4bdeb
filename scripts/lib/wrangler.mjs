// wrangler's CLI, run on the Node that runs this script (the project's pinned Node under npm), and
// the local D1 chores `npm start`, the end-to-end server and `admin:create` share.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { MIGRATIONS_DIR_BY_BINDING } from "./d1-migrations.mjs";
import { run } from "./run.mjs";

/** Local state directory shared by migrations, seeding and `wrangler pages dev`. */
export const DEFAULT_STATE_DIR = ".wrangler/state";

/** The D1 bindings of wrangler.toml with migrations: the site's database and the analytics one (ADR 0037). */
export const MIGRATED_DATABASES = Object.keys(MIGRATIONS_DIR_BY_BINDING);

export const WRANGLER_BIN = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");

/** Runs `wrangler <args>` (options as run()'s: `quiet` keeps its output unless it fails). */
export function wrangler(args, options = {}) {
  return run(process.execPath, [WRANGLER_BIN, ...args], { ...options, env: { WRANGLER_HIDE_BANNER: "true", ...options.env } });
}

/** How many migrations wrangler's apply output lists as applied ("No migrations to apply!" is none). */
function appliedCount(output) {
  return (output.match(/│\s*\S+\.sql\s*│\s*✅/g) ?? []).length;
}

/** Applies both databases' migrations to the local state; answers one line saying what changed. */
export async function applyMigrations(stateDir = DEFAULT_STATE_DIR) {
  const counts = [];
  for (const binding of MIGRATED_DATABASES) {
    const output = await wrangler(["d1", "migrations", "apply", binding, "--local", "--persist-to", stateDir], { quiet: true });
    const applied = appliedCount(output);
    counts.push(`${binding} ${applied ? `${applied} applied` : "up to date"}`);
  }
  return `Database migrations: ${counts.join(", ")}`;
}

/** Adds the demo content (idempotent: settings, and sample reviews only while there are none). */
export async function seedDemoContent(stateDir = DEFAULT_STATE_DIR) {
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", "scripts/seed-demo.sql"], { quiet: true });
  return "Demo content: seeded (default settings, sample reviews while there are none)";
}
