// The dev server the bench measures: `npm start`'s (scripts/lib/dev-server.mjs, wrangler pages dev
// with the companion Worker) on a free port, on fresh state of its own under the bench's work
// directory, migrated and seeded as `npm start` does, its output appended to the bench's log.
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * What a production deploy sets (scripts/deploy.mjs): APP_ENV=production, an https SITE_URL and
 * secrets of its own (env validation refuses the development ones), plus `extra`.
 */
export function productionVars(extra = {}) {
  return {
    APP_ENV: "production",
    SITE_URL: "https://linkvault.app",
    IP_HASH_SECRET: randomBytes(32).toString("hex"),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...extra,
  };
}

/** Servers started here and not yet stopped. */
const running = new Set();

/** Stops every server started here (a failed or interrupted run leaves none behind). */
export async function stopAllServers() {
  await Promise.all([...running].map((server) => server.stop()));
}

/**
 * Starts a dev server on state of its own in `<workDir>/<name>` with the variables `vars` (no
 * .dev.vars) and no cron ticker (the bench fires nothing on a schedule, so nothing disturbs a
 * timing); wrangler's output goes to `logFile`. `root` is the checkout to serve (default: this one):
 * its own scripts/lib migrate, seed and serve its own build, from its root. Resolves with
 * startDevServer's server.
 */
export async function startBenchServer({ workDir, name, vars, logFile, root = process.cwd() }) {
  const lib = (file) => import(pathToFileURL(join(resolve(root), "scripts", "lib", file)).href);
  const [{ startDevServer }, { freePort }, { applyMigrations, seedDemoContent }] = await Promise.all([lib("dev-server.mjs"), lib("free-port.mjs"), lib("wrangler.mjs")]);
  const stateDir = resolve(workDir, name);
  const log = resolve(logFile);
  mkdirSync(stateDir, { recursive: true });
  const here = process.cwd();
  // Its wrangler configs and .dev.vars are named relative to its root; wrangler starts from there.
  process.chdir(root);
  let server;
  try {
    await applyMigrations(stateDir);
    await seedDemoContent(stateDir);
    server = await startDevServer({ port: await freePort(), stateDir, devVars: false, vars, crons: false, output: (chunk) => appendFileSync(log, chunk) });
  } finally {
    process.chdir(here);
  }
  running.add(server);
  return {
    ...server,
    async stop() {
      running.delete(server);
      await server.stop();
    },
  };
}

/** The last `lines` lines of the log, for an error message. */
export function logTail(logFile, lines = 40) {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
