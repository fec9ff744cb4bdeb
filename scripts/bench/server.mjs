// Starts `wrangler pages dev` (Miniflare + workerd running the real built Pages Function) on a
// random free port on 127.0.0.1, in its own process group, and stops the whole group again.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "../lib/free-port.mjs";
import { get } from "./http.mjs";

/**
 * What the bench serves with: production settings and throwaway secrets (env validation refuses
 * the development defaults), plus `extra` bindings ("NAME=value").
 */
export function productionBindings(extra = []) {
  return [
    "APP_ENV=production",
    `IP_HASH_SECRET=${randomBytes(32).toString("hex")}`,
    `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
    ...extra,
  ];
}

/** Running servers: process group id -> stop(). */
const liveGroups = new Map();
// Last resort when the process exits without stopping them (exit() is synchronous: no waiting).
process.on("exit", () => {
  for (const pgid of liveGroups.keys()) killGroup(pgid, "SIGKILL");
});

/** Stops every server started here, including one still starting up. */
export async function stopAllServers() {
  await Promise.all([...liveGroups.values()].map((stop) => stop()));
}

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export function logTail(logFile, lines = 40) {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Spawns `npx wrangler pages dev ./public` in `cwd` (a worktree with its build; default: this one)
 * and waits until `readyPath` answers 200.
 * Output goes to `logFile`. Returns { origin, pgid, stop() }; stop() is idempotent.
 */
export async function startPagesDev({ stateDir, logFile, bindings = [], readyPath = "/", readyTimeoutMs = 90_000, cwd = process.cwd() }) {
  const port = await freePort();
  // wrangler opens a DevTools inspector too (default 9229); pick a free one so it never clashes.
  const inspectorPort = await freePort();
  const args = [
    "wrangler", "pages", "dev", "./public",
    "--ip", "127.0.0.1",
    "--port", String(port),
    "--inspector-port", String(inspectorPort),
    "--persist-to", stateDir,
    "--live-reload=false",
    "--show-interactive-dev-session=false",
    // No per-request log line: less work for wrangler's Node process, which shares the CPUs.
    "--log-level", "warn",
    ...bindings.flatMap((binding) => ["--binding", binding]),
  ];
  const log = openSync(logFile, "a");
  const child = spawn("npx", args, {
    cwd,
    // Own process group: stop() signals npx, wrangler, esbuild and both workerd processes at once.
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  closeSync(log);
  if (!child.pid) throw new Error("could not start npx wrangler pages dev");
  const pgid = child.pid;

  let exited = false;
  const exit = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      exited = true;
      resolve(signal ?? code);
    }),
  );
  child.on("error", () => {});

  async function stop() {
    if (!liveGroups.has(pgid)) return;
    killGroup(pgid, "SIGTERM");
    for (let waited = 0; waited < 5000 && groupAlive(pgid); waited += 100) await delay(100);
    if (groupAlive(pgid)) killGroup(pgid, "SIGKILL");
    liveGroups.delete(pgid);
  }
  liveGroups.set(pgid, stop);

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  try {
    for (;;) {
      if (exited) throw new Error(`wrangler pages dev exited (${await exit}) before it was ready`);
      if (Date.now() > deadline) throw new Error(`wrangler pages dev was not ready after ${readyTimeoutMs / 1000} s`);
      try {
        const response = await get(new URL(readyPath, origin), { timeoutMs: 5000 });
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await delay(250);
    }
  } catch (error) {
    await stop();
    error.message += `\n--- wrangler log (${logFile}) ---\n${logTail(logFile)}`;
    throw error;
  }
  return { origin, pgid, stop };
}
