#!/usr/bin/env node
// `npm start`: build the site and the companion Worker, migrate and seed the local D1, then serve
// both in one Miniflare instance, the local stack (scripts/local-stack/, ADR 0032), on
// http://127.0.0.1:8788 (PORT overrides). Variables: wrangler.toml's [vars], then .dev.vars, for the
// site and the jobs worker alike. The jobs worker's Cron Triggers fire on schedule.
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
try {
  stack = await startLocalStack({ port, stateDir });
} catch (error) {
  console.error(`\nThe local stack did not start: ${error.message}`);
  process.exit(1);
}
const watching = dev ? await watchAndReload(stack) : null;

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await watching?.stop();
  await stack.close();
  // The ASSETS binding (wrangler's Pages asset server) keeps a file watcher it gives no way to close.
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

console.log(`\n  Serving on ${stack.url.origin}  (site + jobs worker; state in ${stateDir})${dev ? "; rebuilding on change" : ""}\n`);
