// The local site as `npm start`, `npm run dev` and the end-to-end tests run it: wrangler's own dev
// server (`wrangler pages dev`) with the site's config and the companion Worker's as a second `-c`,
// so the Pages Function, the companion Worker, the queues between them, the Durable Object and both
// D1 databases run in one workerd process, plus the cron ticker wrangler lacks (ADR 0041).
//
//   const server = await startDevServer({ port: 8788 });   // server.origin: "http://127.0.0.1:8788"
//   await server.runScheduled();                           // the companion Worker's cron, now
//   await server.stop();
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { unstable_readConfig } from "wrangler";
import { runScheduled, startCronTicker } from "./cron-ticker.mjs";
import { DEFAULT_STATE_DIR, WRANGLER_BIN } from "./wrangler.mjs";

/** The Pages project's config (the site) and the companion Worker's. */
export const SITE_CONFIG = "wrangler.toml";
export const JOBS_CONFIG = "workers/jobs/wrangler.toml";

/** The one file of local variables and secrets; both workers read it. */
export const DEV_VARS = ".dev.vars";

/**
 * wrangler's output that says nothing to someone running the site here: that it cannot fetch
 * `Request.cf` offline (it falls back to a placeholder), and that crons are not fired (the ticker
 * fires them). Each entry drops the lines from `start` through `end`.
 */
const NOISE = [
  { start: /Unable to fetch the `Request\.cf` object/, end: /^\s+at .*getaddrinfo|onlookupall/ },
  { start: /Scheduled Workers are not automatically triggered/, end: /cron-triggers\/#test-cron-triggers-locally/ },
];

/** A line filter over a stream of chunks, without the NOISE blocks and the blank lines they leave. */
function quietLines(write) {
  let pending = "";
  let skipping = null;
  let blanks = 0;
  return (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
      if (skipping) {
        if (skipping.end.test(plain)) skipping = null;
        continue;
      }
      const noise = NOISE.find((entry) => entry.start.test(plain));
      if (noise) {
        skipping = noise.end.test(plain) ? null : noise;
        continue;
      }
      blanks = plain.trim() === "" ? blanks + 1 : 0;
      if (blanks <= 1) write(`${line}\n`);
    }
  };
}

/**
 * The variables both workers get, written to one file for wrangler's `--env-file`: .dev.vars, then
 * `vars`. SITE_URL, the origin of every link in an email, defaults to this server's own.
 */
function writeVarsFile(stateDir, { devVars, vars, origin }) {
  const fromFile = devVars && existsSync(devVars) ? parseEnv(readFileSync(devVars, "utf8")) : {};
  const merged = { ...fromFile, ...vars };
  if (!merged.SITE_URL) merged.SITE_URL = origin;
  const path = resolve(stateDir, "dev-server.vars");
  mkdirSync(stateDir, { recursive: true });
  const quote = (value) => JSON.stringify(String(value));
  writeFileSync(path, `# Written by scripts/lib/dev-server.mjs from ${devVars || "no .dev.vars"} on each start; edit .dev.vars instead.\n${Object.entries(merged).map(([k, v]) => `${k}=${quote(v)}`).join("\n")}\n`);
  return path;
}

async function waitUntilServing(origin, child, output) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler pages dev exited (${child.exitCode ?? child.signalCode}) before serving:\n${output()}`);
    }
    try {
      const response = await fetch(new URL("/robots.txt", origin), { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * Starts the dev server and resolves once it serves. Options (all optional):
 * - `host` ("127.0.0.1"), `port` (8788);
 * - `stateDir`: where D1, KV, the Durable Object and the cache persist (WRANGLER_STATE_DIR, else
 *   .wrangler/state); migrate it first (wrangler.mjs);
 * - `devVars` (".dev.vars"; false reads none) and `vars`, which override it, for both workers;
 * - `crons` (true): fire the companion Worker's Cron Triggers on schedule;
 * - `logLevel` ("warn"): wrangler's; `output`: where its output goes (a function of a chunk).
 */
export async function startDevServer(options = {}) {
  const {
    host = "127.0.0.1",
    port = 8788,
    stateDir = process.env.WRANGLER_STATE_DIR || DEFAULT_STATE_DIR,
    devVars = DEV_VARS,
    vars = {},
    crons = true,
    logLevel = "warn",
    output = (chunk) => process.stderr.write(chunk),
  } = options;
  const origin = `http://${host}:${port}`;
  const varsFile = writeVarsFile(stateDir, { devVars, vars, origin });
  const jobs = unstable_readConfig({ config: JOBS_CONFIG });
  const args = ["pages", "dev", "public", "-c", SITE_CONFIG, "-c", JOBS_CONFIG, "--ip", host, "--port", String(port)];
  args.push("--persist-to", stateDir, "--env-file", varsFile, "--log-level", logLevel, "--show-interactive-dev-session=false");
  // Its own dev registry: a second server on this machine (the end-to-end tests' email stack, another
  // checkout) must not take this one's queue messages or Durable Object calls.
  const child = spawn(process.execPath, [WRANGLER_BIN, ...args], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_REGISTRY_PATH: resolve(stateDir, "registry") },
  });
  let startup = "";
  let started = false;
  const forward = quietLines(output);
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      if (!started) startup += chunk;
      forward(chunk);
    });
  }
  const stop = async () => {
    ticker?.stop();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    // The whole group: wrangler and the workerd processes it started.
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  let ticker;
  try {
    await waitUntilServing(origin, child, () => startup);
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;
  const jobCrons = jobs.triggers?.crons ?? [];
  if (crons) ticker = startCronTicker({ origin, worker: jobs.name, crons: jobCrons });
  return {
    origin,
    url: new URL(origin),
    /** The file of variables both workers read (for a test that wants to know them). */
    varsFile,
    child,
    /** Runs the companion Worker's scheduled() now; resolves with its outcome. */
    runScheduled: (scheduled = {}) => runScheduled(origin, jobs.name, { ...(jobCrons[0] ? { cron: jobCrons[0] } : {}), ...scheduled }),
    stop,
  };
}
