#!/usr/bin/env node
// `npm start`: build, migrate and seed the local D1, then serve the production build with
// wrangler (workerd + Miniflare) on http://127.0.0.1:8788 (PORT overrides).
// `npm run dev` (--dev): the same, with Tailwind and Remix rebuilding on change; wrangler reloads.
import { spawn } from "node:child_process";
import { run } from "./lib/run.mjs";
import { applyMigrations, DEFAULT_STATE_DIR, seedDemoContent } from "./lib/wrangler.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "8788";
const stateDir = process.env.WRANGLER_STATE_DIR ?? DEFAULT_STATE_DIR;

await run("node", ["scripts/build.mjs"]);
await applyMigrations(stateDir);
await seedDemoContent(stateDir);

const children = [];
const start = (command, args) => {
  const child = spawn(command, args, { stdio: "inherit", env: { WRANGLER_SEND_METRICS: "false", ...process.env } });
  children.push(child);
  child.on("exit", (code) => {
    if (code !== 0 && code !== null) {
      console.error(`${command} ${args[0]} exited with ${code}`);
      shutdown(code);
    }
  });
  return child;
};
function shutdown(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => shutdown());
process.on("SIGTERM", () => shutdown());

if (dev) {
  start("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--watch=always"]);
  start("npx", ["remix", "watch"]);
}
start("npx", [
  "wrangler", "pages", "dev", "./public",
  "--ip", "127.0.0.1",
  "--port", port,
  "--persist-to", stateDir,
  "--compatibility-date", "2024-09-23",
  ...(dev ? [] : ["--live-reload=false"]),
]);
console.log(`\n  Serving on http://127.0.0.1:${port}\n`);
