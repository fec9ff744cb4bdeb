#!/usr/bin/env node
// The end-to-end server: the local stack that `npm start` runs (scripts/local-stack/: the site and
// the companion Worker in one Miniflare, cron emulated), on a fresh state directory migrated and
// seeded for this run, with the test hooks on (POST /__stack/scheduled runs the jobs worker's cron
// now; see ADR 0032) and the cron's own schedule off. Variables: wrangler.toml's [vars], then .dev.vars, then E2E_VARS below, then
// the JSON object in the environment variable E2E_STACK_VARS (for a one-off run).
import { existsSync, rmSync } from "node:fs";
import { run } from "../../scripts/lib/run.mjs";
import { applyMigrations, seedDemoContent } from "../../scripts/lib/wrangler.mjs";
import { JOBS_BUNDLE, SITE_BUILD_DIR } from "../../scripts/local-stack/config.mjs";
import { startLocalStack } from "../../scripts/local-stack/index.mjs";
import { E2E_ADMIN } from "./admin-account.mjs";
import { thirdPartyBindings } from "./third-parties.mjs";

const port = Number(process.argv[2] ?? 8790);
const stateDir = `tests/.tmp/e2e-state-${port}`;

/**
 * What the tests need on top of the development settings: test mode; rate limits raised so many
 * sign-ups from one address are not refused (the limits themselves are covered by the integration
 * tests); the third-party services pointed at their stand-ins on 127.0.0.1 (third-parties.mjs,
 * started by the global setup). A new stand-in's URL goes here.
 */
const E2E_VARS = {
  APP_ENV: "test",
  WAITLIST_RATE_LIMIT_MAX: "100000",
  CONTACT_RATE_LIMIT_MAX: "100000",
  ADMIN_LOGIN_RATE_LIMIT_MAX: "100000",
  ANALYTICS_RATE_LIMIT_MAX: "100000",
  // A loaded machine can keep even a local D1 read past the 500 ms production deadline, and the page
  // would then hide its reviews; the deadline itself is covered by tests/integration/faults.test.ts.
  PUBLIC_READ_DEADLINE_MS: "60000",
  ...Object.fromEntries(thirdPartyBindings(port).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])),
  ...JSON.parse(process.env.E2E_STACK_VARS || "{}"),
};

if (!["build/index.js", `${SITE_BUILD_DIR}/index.js`, JOBS_BUNDLE].every((path) => existsSync(path))) {
  await run("node", ["scripts/build.mjs"]);
}
rmSync(stateDir, { recursive: true, force: true });
await applyMigrations(stateDir);
await seedDemoContent(stateDir);
// A throwaway owner for the admin tests (this state directory exists only for the test run), made as an
// operator makes one: `npm run admin:create`, with the password on standard input, never an argument.
await run("node", ["scripts/admin-create.mjs", "--email", E2E_ADMIN.email, "--role", "owner"], {
  input: `${E2E_ADMIN.password}\n`,
  env: { WRANGLER_STATE_DIR: stateDir },
});

// Before Miniflare's own SIGTERM handler, which exits at once: close the stack, then exit.
let stack;
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // The ASSETS binding keeps a file watcher open, so the exit is explicit (see scripts/start.mjs).
  Promise.resolve(stack?.close()).finally(() => process.exit(0));
}
process.prependListener("SIGTERM", stop);
process.prependListener("SIGINT", stop);
// No Cron Triggers on the clock: a cron minute could fall in the middle of any test. A test that needs
// the jobs worker's cron runs it itself (POST /__stack/scheduled), so it runs exactly when the test says.
stack = await startLocalStack({ port, stateDir, vars: E2E_VARS, testHooks: true, crons: false });
