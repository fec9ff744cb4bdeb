#!/usr/bin/env node
// The end-to-end suite's server (playwright.config.ts's webServer): what `npm start` runs, built if
// anything changed, on a fresh state directory for this port (e2e-server.mjs). Variables: wrangler.toml's
// [vars], then e2eVars, then the JSON object in the environment variable E2E_STACK_VARS (for a one-off
// run, e.g. E2E_STACK_VARS='{"APP_ENV":"development"}' for the development mailbox).
import { run } from "../../scripts/lib/run.mjs";
import { startE2eServer } from "./e2e-server.mjs";

const port = Number(process.argv[2] ?? 8790);

await run(process.execPath, ["scripts/build.mjs", "--if-changed"], { quiet: true });
const server = await startE2eServer({
  port,
  stateDir: `tests/.tmp/e2e-state-${port}`,
  vars: JSON.parse(process.env.E2E_STACK_VARS || "{}"),
  output: (chunk) => process.stderr.write(chunk),
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.stop().finally(() => process.exit(0));
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.child.on("exit", (code) => {
  if (stopping) return;
  console.error(`wrangler pages dev stopped (${code ?? "signal"})`);
  process.exit(1);
});
