// The local site as `npm start`, `npm run dev` and the tests run it: wrangler's own dev server
// (`wrangler pages dev`) with the site's config and the companion Worker's as a second `-c`,
// so the Pages Function, the companion Worker, the queues between them, the Durable Object and both
// D1 databases run in one workerd process, plus the cron ticker wrangler lacks (ADR 0041).
//
//   const server = await startDevServer({ port: 8788 });   // server.origin: "http://127.0.0.1:8788"
//   await server.runScheduled();                           // the companion Worker's cron, now
//   await server.d1("DB").prepare("SELECT …").bind(…).all();  // its D1, from Node
//   await server.stop();
// devServerAt(origin) does the same for a dev server another process started.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { dirname, resolve } from "node:path";
import { parseEnv, stripVTControlCharacters } from "node:util";
import { experimental_readRawConfig, unstable_readConfig } from "wrangler";
import { EXPLORER_API, runScheduled, startCronTicker } from "./cron-ticker.mjs";
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
      const plain = stripVTControlCharacters(line);
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
 * The variables both workers get: .dev.vars, then `vars`; SITE_URL, the origin of every link in an
 * email, defaults to this server's own. `wrangler pages dev` takes no `--env-file`: the site gets them
 * as `--binding`s (which win over anything it reads itself; a key of the project's .dev.vars that
 * `devVars` leaves out is bound empty, which counts as unset), and the companion Worker reads the
 * .dev.vars beside its config, so it runs from a copy of its config in the state directory with the
 * variables beside it. Answers the bindings, the companion Worker's config and its variables' file.
 */
function writeVariables(stateDir, { devVars, vars, origin }) {
  const fromFile = devVars && existsSync(devVars) ? parseEnv(readFileSync(devVars, "utf8")) : {};
  const merged = { ...fromFile, ...vars };
  if (!merged.SITE_URL) merged.SITE_URL = origin;
  const projectDevVars = existsSync(DEV_VARS) ? parseEnv(readFileSync(DEV_VARS, "utf8")) : {};
  const unset = Object.keys(projectDevVars).filter((key) => !(key in merged));
  const bindings = [...Object.entries(merged).map(([key, value]) => `${key}=${value}`), ...unset.map((key) => `${key}=`)];

  const dir = resolve(stateDir, "companion-worker");
  mkdirSync(dir, { recursive: true });
  const varsFile = resolve(dir, ".dev.vars");
  const quote = (value) => JSON.stringify(String(value));
  writeFileSync(varsFile, `# Written by scripts/lib/dev-server.mjs from ${devVars || "no .dev.vars"} on each start; edit .dev.vars instead.\n${Object.entries(merged).map(([k, v]) => `${k}=${quote(v)}`).join("\n")}\n`);
  // The config as written (not wrangler's normalised form), its entry point made absolute.
  const { rawConfig } = experimental_readRawConfig({ config: JOBS_CONFIG });
  const jobsConfig = resolve(dir, "wrangler.json");
  writeFileSync(jobsConfig, `${JSON.stringify({ ...rawConfig, main: resolve(dirname(JOBS_CONFIG), rawConfig.main) }, null, 2)}\n`);
  return { bindings, jobsConfig, varsFile };
}

/** Whether `url` answers 200; over https, trusting `ca` (a PEM certificate) as well. */
function answersOk(url, ca) {
  const get = url.protocol === "https:" ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const request = get(url, { ca, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });
}

async function waitUntilServing(origin, child, output, ca) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler pages dev exited (${child.exitCode ?? child.signalCode}) before serving:\n${output()}`);
    }
    if (await answersOk(new URL("/robots.txt", origin), ca)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** A SQL literal of a value the Local Explorer cannot take as a parameter. */
function sqlLiteral(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "bigint") return String(value);
  throw new Error(`D1 over the Local Explorer takes text, numbers, booleans and null as parameters, not ${Object.prototype.toString.call(value)}`);
}

/**
 * The Local Explorer's API, like Cloudflare's, takes text parameters only: every other value is
 * written into `sql` as a literal, and the text ones are numbered anew. Quoted strings and names are
 * left alone. Answers { sql, params }.
 */
function textParameters(sql, values) {
  if (values.every((value) => typeof value === "string")) return { sql, params: values };
  const params = [];
  const numberOf = new Map();
  let out = "";
  let highest = 0;
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (char === "'" || char === '"' || char === "`") {
      let end = sql.indexOf(char, i + 1);
      while (end !== -1 && sql[end + 1] === char) end = sql.indexOf(char, end + 2);
      if (end === -1) end = sql.length - 1;
      out += sql.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char !== "?") {
      out += char;
      continue;
    }
    const digits = /^\d*/.exec(sql.slice(i + 1))[0];
    i += digits.length;
    // A bare ? takes the number after the highest used so far, as in SQLite.
    const index = digits ? Number(digits) : highest + 1;
    highest = Math.max(highest, index);
    const value = values[index - 1];
    if (typeof value !== "string") {
      out += sqlLiteral(value);
      continue;
    }
    if (!numberOf.has(index)) numberOf.set(index, params.push(value));
    out += `?${numberOf.get(index)}`;
  }
  return { sql: out, params };
}

/**
 * A D1 database of the dev server at `origin`, from Node, through the Local Explorer's API: the
 * database the running workerd holds, so a read sees every write and a write takes no second lock.
 * Statements are D1's shape: `prepare(sql).bind(...values)` then `all()`, `first(column?)` or `run()`
 * (values: text, numbers, booleans, null); `exec(sql)` runs several statements separated by semicolons.
 */
function explorerD1(origin, binding) {
  let databaseId;
  async function databaseIdOf() {
    if (databaseId) return databaseId;
    const response = await fetch(new URL(`${EXPLORER_API}/d1/database`, origin));
    const databases = (await response.json())?.result ?? [];
    databaseId = databases.find((database) => database.name === binding)?.uuid;
    if (!databaseId) throw new Error(`The dev server at ${origin} has no D1 binding ${binding} (it has ${databases.map((d) => d.name).join(", ") || "none"})`);
    return databaseId;
  }
  async function query(sql, values = []) {
    const response = await fetch(new URL(`${EXPLORER_API}/d1/database/${await databaseIdOf()}/raw`, origin), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(textParameters(sql, values)),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok || !body?.success) throw new Error(`D1 ${binding}: ${body?.errors?.[0]?.message ?? `answer ${response.status}`} (${sql})`);
    const { results, meta } = body.result.at(-1);
    const rows = results.rows.map((row) => Object.fromEntries(results.columns.map((column, i) => [column, row[i]])));
    return { success: true, results: rows, meta };
  }
  const statement = (sql, params) => ({
    bind: (...values) => statement(sql, values),
    all: () => query(sql, params),
    run: () => query(sql, params),
    async first(column) {
      const [row] = (await query(sql, params)).results;
      if (row === undefined) return null;
      return column === undefined ? row : row[column];
    },
  });
  return { prepare: (sql) => statement(sql, []), exec: (sql) => query(sql) };
}

/**
 * A dev server that runs at `origin`, started here or by another process (the end-to-end tests reach
 * the one Playwright started): its companion Worker's cron on demand and its D1 databases.
 */
export function devServerAt(origin) {
  const jobs = unstable_readConfig({ config: JOBS_CONFIG });
  const crons = jobs.triggers?.crons ?? [];
  return {
    origin,
    url: new URL(origin),
    jobsWorker: jobs.name,
    crons,
    /** Runs the companion Worker's scheduled() now (its first Cron Trigger unless `cron` says); resolves with its outcome. */
    runScheduled: (scheduled = {}) => runScheduled(origin, jobs.name, { ...(crons[0] ? { cron: crons[0] } : {}), ...scheduled }),
    /** A D1 binding of the site's (and the companion Worker's) config: "DB" or "ANALYTICS_DB". */
    d1: (binding = "DB") => explorerD1(origin, binding),
  };
}

/**
 * Starts the dev server and resolves once it serves. Options (all optional):
 * - `host` ("127.0.0.1"), `port` (8788), `inspectorPort` (wrangler's devtools port; its default when unset);
 * - `stateDir`: where D1, KV, the Durable Object and the cache persist (WRANGLER_STATE_DIR, else
 *   .wrangler/state); migrate it first (wrangler.mjs);
 * - `devVars` (".dev.vars"; false reads none) and `vars`, which override it, for both workers;
 * - `crons` (true): fire the companion Worker's Cron Triggers on schedule;
 * - `logLevel` ("warn"): wrangler's; `output`: where its output goes (a function of a chunk);
 * - `https` ({ keyFile, certificateFile }, PEM files): serve TLS with that certificate, so the site
 *   sees https:// URLs as behind Cloudflare's edge. This process's fetch (the ticker, devServerAt)
 *   must then trust the certificate (NODE_EXTRA_CA_CERTS).
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
    https,
    inspectorPort,
  } = options;
  const origin = `${https ? "https" : "http"}://${host}:${port}`;
  const { bindings, jobsConfig, varsFile } = writeVariables(stateDir, { devVars, vars, origin });
  const server = devServerAt(origin);
  const args = ["pages", "dev", "public", "-c", SITE_CONFIG, "-c", jobsConfig, "--ip", host, "--port", String(port)];
  args.push("--persist-to", stateDir, "--log-level", logLevel, "--show-interactive-dev-session=false", ...bindings.flatMap((binding) => ["--binding", binding]));
  // Two servers starting at once would both try wrangler's default devtools port (9229) and one would fail.
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  if (https) args.push("--local-protocol", "https", "--https-key-path", https.keyFile, "--https-cert-path", https.certificateFile);
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
    await waitUntilServing(origin, child, () => startup, https ? readFileSync(https.certificateFile) : undefined);
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;
  if (crons) ticker = startCronTicker({ origin, worker: server.jobsWorker, crons: server.crons });
  return {
    ...server,
    stateDir,
    /** The variables both workers get, as a .dev.vars file (for a test that wants to know them). */
    varsFile,
    child,
    stop,
  };
}
