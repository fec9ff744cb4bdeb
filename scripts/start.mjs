#!/usr/bin/env node
// `npm start`: build what changed, migrate and seed the local D1, then serve the site and its
// companion Worker under wrangler's dev server on http://127.0.0.1:8788 (PORT overrides), with the
// companion Worker's cron fired every minute (scripts/lib/dev-server.mjs, ADR 0041).
// `npm run dev` (--dev): the same, and every change is rebuilt; wrangler reloads what it serves.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { startDevServer } from "./lib/dev-server.mjs";
import { run } from "./lib/run.mjs";
import { applyMigrations, DEFAULT_STATE_DIR, seedDemoContent } from "./lib/wrangler.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 8788);
const stateDir = process.env.WRANGLER_STATE_DIR || DEFAULT_STATE_DIR;

try {
  const started = performance.now();
  const build = await run("node", ["scripts/build.mjs", "--if-changed"], { quiet: true });
  console.log(build.includes("Build: up to date") ? "Build: up to date" : `Build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(await applyMigrations(stateDir));
  console.log(await seedDemoContent(stateDir));
} catch (error) {
  console.error(`\n${error.message}. Its output above says why.`);
  process.exit(1);
}

let server;
try {
  server = await startDevServer({ port, stateDir });
} catch (error) {
  console.error(`\nThe dev server did not start: ${error.message}`);
  process.exit(1);
}

/**
 * `npm run dev`: the watching builds. wrangler rebuilds the Pages Function when build/ changes and
 * the companion Worker when its sources change; public/ is read on every request.
 */
const watchers = [];
if (dev) {
  const start = (command, args) => watchers.push(spawn(command, args, { stdio: "inherit", detached: true }));
  start("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--watch=always"]);
  start("npx", ["remix", "watch"]);
  start("node", ["scripts/islands.mjs", "--watch"]);
  // Markdown posts and tutorials compile into app/content/generated/, which remix watch picks up.
  let timer;
  for (const dir of ["app/content/blog", "app/content/tutorials"]) {
    watch(dir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => run("node", ["scripts/content.mjs"]).catch((error) => console.error(error.message)), 200);
    });
  }
}

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of watchers) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  server.stop().finally(() => process.exit(0));
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.child.on("exit", (code) => {
  if (stopping) return;
  console.error(`\nwrangler pages dev stopped (${code ?? "signal"}).`);
  process.exit(code || 1);
});

console.log(`
  LinkVault is running at ${server.origin}/
  ${dev ? "Rebuilding on every change. " : ""}Stop it with Ctrl-C.

  First admin:          npm run admin:create   (in another terminal; asks for an email and a password)
  Admin area:           ${server.origin}/admin
  Development mailbox:  ${server.origin}/admin/mailbox   (every email the site sends locally lands here)
`);
