// `npm run dev`: rebuild on change and reload the stack's workers.
//
//   app/styles ─ tailwindcss --watch ─┐
//   app/ ─────── remix watch ─────────┴─> build/index.js, public/build/
//   functions/, build/index.js ─ wrangler pages functions build --watch ─> build/site/index.js ─┐
//   workers/jobs/, app/ ─ esbuild watch (the jobs worker's inputs) ─> build/jobs/index.js ──────┼─> stack.reload()
//   wrangler.toml, workers/jobs/wrangler.toml, .dev.vars, public/_routes.json ─────────────────┘
//
// public/ itself needs no reload: the ASSETS binding reads it on every request. A reload restarts
// the workers with fresh code and configuration; D1, KV and R2 persist, queued messages do not.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { basename } from "node:path";
import { watchJobsWorker, watchSiteWorkerCommand } from "./build.mjs";
import { DEV_VARS, JOBS_CONFIG, SITE_BUILD_DIR, SITE_CONFIG } from "./config.mjs";

/** Files whose change means a reload, by directory. */
function watchedFiles() {
  const byDir = new Map();
  for (const path of [SITE_CONFIG, JOBS_CONFIG, DEV_VARS, "public/_routes.json", `${SITE_BUILD_DIR}/index.js`]) {
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
    byDir.set(dir, [...(byDir.get(dir) ?? []), basename(path)]);
  }
  return byDir;
}

/**
 * Starts the watching builds and reloads `stack` after each change (debounced, so one rebuild that
 * writes several files costs one reload). Resolves with { stop() }, which ends every child process
 * and watcher it started; it does so synchronously, so a signal handler can call it before
 * Miniflare's own handler exits the process.
 */
export async function watchAndReload(stack, { log = console } = {}) {
  let timer;
  const scheduleReload = (why) => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        await stack.reload();
        log.log(`[dev] reloaded (${why})`);
      } catch (error) {
        log.error(`[dev] reload failed (${why}): ${error.message}`);
      }
    }, 300);
  };

  // Each watching build in its own process group, so stop() ends npx and the tool it runs together.
  // One that dies (Tailwind's watcher can, when `remix watch` replaces public/build/ under it) is
  // started again; the others and the server go on.
  let stopped = false;
  const children = new Map();
  const start = (command, args) => {
    const child = spawn(command, args, { stdio: "inherit", detached: true, env: { WRANGLER_SEND_METRICS: "false", ...process.env } });
    children.set(args.join(" "), child);
    child.on("exit", (code, signal) => {
      if (stopped) return;
      log.error(`[dev] ${command} ${args.join(" ")} exited (${signal ?? code}); starting it again`);
      setTimeout(() => stopped || start(command, args), 1000);
    });
  };
  start("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--watch=always"]);
  start("npx", ["remix", "watch"]);
  start(...watchSiteWorkerCommand());

  // Directories, not files: editors and builds replace files, which ends a watch on the file itself.
  const watchers = [...watchedFiles()].map(([dir, names]) =>
    watch(dir, (_event, name) => {
      if (name && names.includes(name)) scheduleReload(dir === "." ? name : `${dir}/${name}`);
    }),
  );
  const jobs = await watchJobsWorker({ onRebuild: () => scheduleReload("jobs worker") });

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      for (const child of children.values()) {
        try {
          if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
        } catch {
          // ESRCH: already gone.
        }
      }
      return jobs.stop();
    },
  };
}
