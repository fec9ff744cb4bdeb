// The dev server `npm start` runs (scripts/lib/dev-server.mjs), on a state directory of its own that is
// migrated and seeded as `npm start` does, for the stack tests (tests/stack/) and the end-to-end tests.
// It reads no .dev.vars (a developer's file must not change a test); `vars` set what a test needs.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { run } from "../../scripts/lib/run.mjs";
import { applyMigrations, seedDemoContent } from "../../scripts/lib/wrangler.mjs";

/** An admin made as an operator makes one: `npm run admin:create`, the password on standard input. */
export async function createAdminWithCli(stateDir, { email, password, role = "owner" }) {
  await run(process.execPath, ["scripts/admin-create.mjs", "--email", email, "--role", role], {
    input: `${password}\n`,
    env: { WRANGLER_STATE_DIR: stateDir },
    quiet: true,
  });
}

/**
 * Starts a dev server on fresh state and resolves once it serves. Options (all optional):
 * - `name`: the prefix of its state directory under tests/.tmp/ (a new one each time), or `stateDir`
 *   (emptied first) for a fixed one;
 * - `port` (a free one), `vars`, `crons` (false: a test fires the cron itself, exactly when it says);
 * - `admin` ({ email, password, role }): created before the server starts;
 * - `output`: where wrangler's output goes (kept in memory by default: `server.output()`);
 * - `https`: TLS with that certificate (startDevServer's option).
 * `stop()` also removes the state directory.
 */
export async function startFreshDevServer({ name = "dev-server", stateDir, port, vars = {}, crons = false, admin, output, https } = {}) {
  mkdirSync(join("tests", ".tmp"), { recursive: true });
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  const dir = stateDir ?? mkdtempSync(join("tests", ".tmp", `${name}-`));
  const kept = [];
  let server;
  try {
    await applyMigrations(dir);
    await seedDemoContent(dir);
    if (admin) await createAdminWithCli(dir, admin);
    const start = async () =>
      startDevServer({ port: port ?? (await freePort()), inspectorPort: await freePort(), stateDir: dir, devVars: false, vars, crons, https, output: output ?? ((chunk) => kept.push(chunk)) });
    try {
      server = await start();
    } catch (error) {
      // The ports wrangler picks for itself (the companion Worker's direct socket) are free when chosen, not
      // when bound: with several dev servers starting at once, another can take one in between. Once more.
      if (!/Address already in use/.test(String(error?.message))) throw error;
      server = await start();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...server,
    /** What wrangler printed so far (unless `output` took it). */
    output: () => kept.join(""),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
