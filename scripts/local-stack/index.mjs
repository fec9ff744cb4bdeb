// The local stack: the whole production topology in ONE Miniflare instance (ADR 0032).
//
//   site  the Pages Function (build/site/index.js, from `wrangler pages functions build`) behind
//         public/_routes.json, with an ASSETS binding that serves public/ with public/_headers
//         exactly as Pages does, and the bindings of wrangler.toml (D1 DB, KV CONFIG, the
//         EMAIL_QUEUE producer);
//   jobs  the companion Worker (build/jobs/index.js, bundled from workers/jobs/index.ts) with the
//         bindings of workers/jobs/wrangler.toml (the same D1, the email queue's consumer and its
//         dead-letter queue), and its Cron Triggers fired from here (crons.mjs).
//
// One instance, because a queue message only reaches a consumer in the same Miniflare instance,
// wrangler's multi-config `pages dev` cannot fire a secondary worker's cron, and it drops that
// worker's rate-limit bindings. D1, KV, R2 and the cache persist in the state directory wrangler uses
// (`--persist-to`), so `wrangler d1 migrations apply DB --local --persist-to <dir>` and the stack see
// one database. Queues are in memory, as in `wrangler dev`.
//
//   const stack = await startLocalStack({ port: 8788 });   // stack.url: "http://127.0.0.1:8788/"
//   await stack.runScheduled();                           // one cron tick now: { outcome: "ok", … }
//   await stack.close();
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_generateASSETSBinding } from "wrangler";
import { freePort } from "../lib/free-port.mjs";
import { freshConnectionsToWorkerd } from "../lib/workerd-bridge.mjs";
import { JOBS_BUNDLE, JOBS_CONFIG, localStateDir, persistOptions, readDevVars, SITE_BUILD_DIR, SITE_CONFIG, DEV_VARS, workerFromConfig } from "./config.mjs";
import { checkCronExpression, emulateCrons } from "./crons.mjs";
import { validateRoutes } from "./pages-router.mjs";

/** The path prefix of the test hooks (only with `testHooks: true`). */
export const CONTROL_PREFIX = "/__stack/";

const PAGES_ROUTER_SOURCE = new URL("./pages-router.mjs", import.meta.url);

/**
 * The site worker's entry module: the Pages Function (a Pages Functions build exports its default
 * handler only) behind _routes.json.
 */
function siteEntrySource(routes) {
  return [
    'import pagesFunction from "./index.js";',
    'import { pagesRouter } from "./_local-stack-pages-router.mjs";',
    `export default pagesRouter(pagesFunction, ${JSON.stringify(routes)});`,
  ].join("\n");
}

function readRoutes(assetsDir) {
  const path = join(assetsDir, "_routes.json");
  const routes = JSON.parse(readFileSync(path, "utf8"));
  try {
    validateRoutes(routes);
  } catch (error) {
    throw new Error(`${path}: ${error.message}`);
  }
  return routes;
}

/**
 * Starts the stack and resolves once it serves. Options (all optional):
 *
 * - `host` ("127.0.0.1"), `port` (8788; 0 picks a free one);
 * - `stateDir`: where D1/KV/R2/cache persist (default WRANGLER_STATE_DIR, else .wrangler/state);
 * - `vars`: variables for both workers, over wrangler.toml's [vars] and .dev.vars. SITE_URL (the
 *   origin of every link in an email) defaults to the stack's own origin when nothing sets it;
 * - `devVars`: the .dev.vars path (default ".dev.vars"; false reads none);
 * - `siteConfig`, `jobsConfig`: the two wrangler configs; `siteDir` (build/site), `assetsDir`
 *   (public), `jobsScript` (build/jobs/index.js: the jobs worker's bundle, or any module worker);
 * - `crons` (true): fire the jobs worker's `[triggers] crons` on schedule;
 * - `testHooks` (false): also answer `POST /__stack/scheduled[?cron=…&time=<ms>]` by running the
 *   jobs worker's scheduled() now and answering its outcome as JSON (see `runScheduled`);
 * - `logLevel` ("info"): Miniflare's log level name (none, error, warn, info, debug).
 *
 * Resolves with { url, mf, runScheduled(options?), reload(), close() }.
 */
export async function startLocalStack(options = {}) {
  const {
    host = "127.0.0.1",
    port: requestedPort = 8788,
    stateDir = localStateDir(),
    vars = {},
    devVars = DEV_VARS,
    siteConfig = SITE_CONFIG,
    jobsConfig = JOBS_CONFIG,
    siteDir = SITE_BUILD_DIR,
    assetsDir = "public",
    jobsScript = JOBS_BUNDLE,
    crons = true,
    testHooks = false,
    logLevel = "info",
  } = options;
  // Node reaches the jobs worker (cron, test hooks) and D1 through Miniflare's bridge: no stale connections.
  freshConnectionsToWorkerd();
  // SITE_URL needs the port before Miniflare starts, so port 0 is resolved here.
  const port = requestedPort === 0 ? await freePort() : Number(requestedPort);
  const origin = `http://${host}:${port}`;
  const log = new Log(LogLevel[logLevel.toUpperCase()] ?? LogLevel.INFO);
  // pages dev's own asset server (@cloudflare/pages-shared): Pages' _headers, _redirects, ETags
  // and 404s. It reads public/ on each request, so rebuilt assets need no reload.
  const assets = await unstable_generateASSETSBinding({ directory: assetsDir, log });

  let jobsCrons = [];
  /** Miniflare's options, read afresh from the configs and files (start and every reload). */
  function stackOptions() {
    const workerVars = { ...readDevVars(devVars), ...vars };
    const defaults = { SITE_URL: origin };
    const site = workerFromConfig(siteConfig, workerVars, defaults);
    const jobs = workerFromConfig(jobsConfig, workerVars, defaults);
    jobsCrons = jobs.config.triggers?.crons ?? [];
    jobsCrons.forEach(checkCronExpression);
    const workers = [
      {
        ...site.workerOptions,
        name: "site",
        modulesRoot: siteDir,
        modules: [
          { type: "ESModule", path: join(siteDir, "_local-stack-entry.mjs"), contents: siteEntrySource(readRoutes(assetsDir)) },
          { type: "ESModule", path: join(siteDir, "_local-stack-pages-router.mjs"), contents: readFileSync(PAGES_ROUTER_SOURCE, "utf8") },
          { type: "ESModule", path: join(siteDir, "index.js") },
        ],
        serviceBindings: { ...site.workerOptions.serviceBindings, ASSETS: assets },
      },
      { ...jobs.workerOptions, name: "jobs", modules: true, scriptPath: jobsScript },
    ];
    if (testHooks) workers.push(controlWorker());
    return { host, port, cf: false, log, ...persistOptions(stateDir), workers };
  }

  /** Runs the jobs worker's scheduled() once, now: `cron` defaults to its first Cron Trigger. */
  async function runScheduled({ cron = jobsCrons[0] ?? "* * * * *", scheduledTime = new Date() } = {}) {
    const jobs = await mf.getWorker("jobs");
    return jobs.scheduled({ cron, scheduledTime });
  }

  /** The test hooks: a worker on /__stack/* that hands each request to `control` in Node. */
  function controlWorker() {
    return {
      name: "local-stack-control",
      compatibilityDate: "2024-09-23",
      modules: true,
      script: "export default { fetch: (request, env) => env.CONTROL.fetch(request) };",
      routes: [`*${CONTROL_PREFIX}*`],
      serviceBindings: { CONTROL: control },
    };
  }
  async function control(request) {
    const url = new URL(request.url);
    const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (url.pathname !== `${CONTROL_PREFIX}scheduled` || request.method !== "POST") {
      return json(404, { error: `no stack control ${request.method} ${url.pathname}; there is POST ${CONTROL_PREFIX}scheduled` });
    }
    const cron = url.searchParams.get("cron") ?? undefined;
    const time = url.searchParams.get("time");
    if (time !== null && !/^\d+$/.test(time)) return json(400, { error: "time must be milliseconds since 1970" });
    try {
      if (cron !== undefined) checkCronExpression(cron);
    } catch (error) {
      return json(400, { error: error.message });
    }
    try {
      const result = await runScheduled({ cron, scheduledTime: time === null ? undefined : new Date(Number(time)) });
      return json(result.outcome === "ok" ? 200 : 500, result);
    } catch (error) {
      return json(500, { error: error.message });
    }
  }

  const mf = new Miniflare(stackOptions());
  let url;
  try {
    url = await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }

  /** Fires the jobs worker's Cron Triggers on schedule; restarted when a reload changes them. */
  let cronEmulation = { stop() {} };
  let emulatedCrons = "";
  function emulateJobsCrons() {
    if (!crons || JSON.stringify(jobsCrons) === emulatedCrons) return;
    cronEmulation.stop();
    emulatedCrons = JSON.stringify(jobsCrons);
    cronEmulation = emulateCrons(
      jobsCrons,
      async (cron, scheduledTime) => {
        try {
          const { outcome } = await runScheduled({ cron, scheduledTime });
          if (outcome !== "ok") log.warn(`Cron Trigger "${cron}" at ${scheduledTime.toISOString()}: ${outcome}`);
        } catch (error) {
          log.warn(`Cron Trigger "${cron}" could not run: ${error.message}`);
        }
      },
      { onSkip: (cron) => log.warn(`Cron Trigger "${cron}": the previous run has not finished; this one is skipped`) },
    );
  }
  emulateJobsCrons();

  // One reload at a time; a request for another while one runs makes one more afterwards.
  let reloading = null;
  let again = false;
  async function reload() {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        again = false;
        await mf.setOptions(stackOptions());
        emulateJobsCrons();
      } while (again);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  }

  let closed = false;
  return {
    url,
    mf,
    runScheduled,
    reload,
    async close() {
      if (closed) return;
      closed = true;
      cronEmulation.stop();
      await reloading?.catch(() => {});
      await mf.dispose();
    },
  };
}
