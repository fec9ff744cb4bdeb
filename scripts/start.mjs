#!/usr/bin/env node
// `npm start`: build the site and the companion Worker, migrate and seed the local D1, then serve
// both on the local stack (scripts/local-stack/, ADR 0032) on http://127.0.0.1:8788 (PORT
// overrides), with the analytics path in a workerd process of its own (ADR 0040). Variables:
// wrangler.toml's [vars], then .dev.vars, for the site and the jobs worker alike. The jobs worker's Cron Triggers fire on schedule.
// `npm run dev` (--dev): the same, and every change is rebuilt and the workers reloaded
// (scripts/local-stack/dev.mjs).
import { run } from "./lib/run.mjs";
import { applyMigrations, seedDemoContent } from "./lib/wrangler.mjs";
import { localStateDir } from "./local-stack/config.mjs";
import { watchAndReload } from "./local-stack/dev.mjs";
import { startLocalStack } from "./local-stack/index.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 8788);
const stateDir = localStateDir();

await run("node", ["scripts/build.mjs"]);
await applyMigrations(stateDir);
await seedDemoContent(stateDir);

let stack;
let watching = null;
// Miniflare exits the process on SIGINT and SIGTERM (after killing workerd). This handler runs
// before it and ends the watching builds synchronously; if Miniflare ever stops exiting, the
// handler's own exit follows.
let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  watching?.stop();
  // The ASSETS binding (wrangler's Pages asset server) keeps a file watcher that cannot be closed.
  Promise.resolve(stack?.close()).finally(() => process.exit(0));
}
process.prependListener("SIGINT", shutdown);
process.prependListener("SIGTERM", shutdown);

try {
  stack = await startLocalStack({ port, stateDir, analyticsProcess: true });
} catch (error) {
  console.error(`\nThe local stack did not start: ${error.message}`);
  process.exit(1);
}
if (dev) watching = await watchAndReload(stack);

console.log(`\n  Serving on ${stack.url.origin}  (site + jobs worker, analytics in a second workerd process; state in ${stateDir})${dev ? "; rebuilding on change" : ""}\n`);
