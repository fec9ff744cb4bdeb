// The local stack: the whole production topology in Miniflare (ADR 0032), in one workerd process or,
// with `analyticsProcess` (as `npm start` runs it), two (ADR 0040).
//
//   site  the Pages Function (build/site/index.js, from `wrangler pages functions build`) behind
//         public/_routes.json, with an ASSETS binding that serves public/ with public/_headers
//         exactly as Pages does, and the bindings of wrangler.toml (D1 DB, KV CONFIG, the
//         EMAIL_QUEUE producer);
//   jobs  the companion Worker (build/jobs/index.js, bundled from workers/jobs/index.ts) with the
//         bindings of workers/jobs/wrangler.toml (the same D1, the email queue's consumer and its
//         dead-letter queue), and its Cron Triggers fired from here (crons.mjs).
//
// One Miniflare instance holds both workers, because a queue message only reaches a consumer in the
// same instance, wrangler's multi-config `pages dev` cannot fire a secondary worker's cron, and it
// drops that worker's rate-limit bindings. With `analyticsProcess`, a second instance (a second
// workerd process) runs the analytics path: the collector's path, the analytics queue and its
// consumer, and ANALYTICS_DB; each process reaches what the other owns through a gateway
// (analytics-process.mjs). D1, KV, R2 and the cache persist in the state directory wrangler uses
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
import { ANALYTICS_PROCESS_BINDING, ANALYTICS_PROCESS_NICENESS, analyticsEntrySource, analyticsOwnership, forwardingEntrySource, processWorkers, splitPlan } from "./analytics-process.mjs";
import { freshConnectionsToWorkerd } from "../lib/workerd-bridge.mjs";
import { JOBS_BUNDLE, JOBS_CONFIG, localStateDir, persistOptions, readDevVars, SITE_BUILD_DIR, SITE_CONFIG, DEV_VARS, withScriptNames, workerFromConfig } from "./config.mjs";
import { checkCronExpression, emulateCrons } from "./crons.mjs";
import { validateRoutes } from "./pages-router.mjs";
import { setListenerNiceness } from "./process-priority.mjs";

/** The path prefix of the test hooks (only with `testHooks: true`). */
export const CONTROL_PREFIX = "/__stack/";

const PAGES_ROUTER_SOURCE = new URL("./pages-router.mjs", import.meta.url);

/**
 * The site worker's entry module: the Pages Function (a Pages Functions build exports its default
 * handler only) behind _routes.json.
 */
function siteEntrySource(routes, { forwardAnalytics = false } = {}) {
  const imports = ['import pagesFunction from "./index.js";', 'import { pagesRouter } from "./_local-stack-pages-router.mjs";'];
  const site = `pagesRouter(pagesFunction, ${JSON.stringify(routes)})`;
  if (forwardAnalytics) return [...imports, forwardingEntrySource(site)].join("\n");
  return [...imports, `export default ${site};`].join("\n");
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
 * - `logLevel` ("info"): Miniflare's log level name (none, error, warn, info, debug);
 * - `analyticsProcess` (false): run the analytics path in a second workerd process (ADR 0040), as
 *   `npm start` does; tests that inject faults run the one-process stack;
 * - `analyticsNiceness` (ANALYTICS_PROCESS_NICENESS): with `analyticsProcess`, the nice value of
 *   the analytics process's threads (the bench compares 0, the site process's own);
 * - `extendWorkers` (tests only): a function given Miniflare's `workers` array of one process
 *   (site, jobs, …) and that process's name ("site", the only one unless `analyticsProcess`, or
 *   "analytics"), that returns the array to run, e.g. with a fault-injecting wrapper around a
 *   binding or another consumer in front of a queue. `npm start` never passes one.
 *
 * Resolves with { url, mf, analyticsMf, runScheduled(options?), reload(), close() }: `analyticsMf`
 * is the Miniflare instance that owns the analytics path (`mf` itself in one process).
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
    analyticsProcess = false,
    analyticsNiceness = ANALYTICS_PROCESS_NICENESS,
    extendWorkers = (workers) => workers,
  } = options;
  // Node reaches the jobs worker (cron, test hooks) and D1 through Miniflare's bridge: no stale connections.
  freshConnectionsToWorkerd();
  // SITE_URL needs the port before Miniflare starts, so port 0 is resolved here.
  const port = requestedPort === 0 ? await freePort() : Number(requestedPort);
  const origin = `http://${host}:${port}`;
  const level = LogLevel[logLevel.toUpperCase()] ?? LogLevel.INFO;
  const log = new Log(level);
  // pages dev's own asset server (@cloudflare/pages-shared): Pages' _headers, _redirects, ETags
  // and 404s. It reads public/ on each request, so rebuilt assets need no reload.
  const assets = await unstable_generateASSETSBinding({ directory: assetsDir, log });
  // The two processes' ports (their gateways', the analytics process's own) and key, fixed for the
  // stack's life so that a reload keeps every address.
  const plan = analyticsProcess ? await splitPlan(freePort) : null;

  /**
   * The analytics process gives way to the site's on a shared CPU (ADR 0040): a beacon never takes
   * CPU from a sign-up, as in production, where they never run on the same machine. Miniflare starts
   * a new workerd process at every start and reload, so this follows both.
   */
  function lowerAnalyticsPriority() {
    if (!analyticsProcess) return;
    if (setListenerNiceness(plan.analyticsPort, analyticsNiceness) === null) {
      log.debug("The analytics process keeps the site's CPU priority: its process cannot be found here (no /proc).");
    }
  }

  let jobsCrons = [];
  /**
   * Miniflare's options, read afresh from the configs and files (start and every reload): { site,
   * analytics } with `analytics` null in one process.
   */
  function stackOptions() {
    const workerVars = { ...readDevVars(devVars), ...vars };
    const defaults = { SITE_URL: origin };
    const site = workerFromConfig(siteConfig, workerVars, defaults);
    const jobs = workerFromConfig(jobsConfig, workerVars, defaults);
    jobsCrons = jobs.config.triggers?.crons ?? [];
    jobsCrons.forEach(checkCronExpression);
    // The site binds the jobs worker's Durable Objects by its deployed name (script_name).
    const siteOptions = withScriptNames(site.workerOptions, { [jobs.config.name]: { name: "jobs", workerOptions: jobs.workerOptions } });
    const jobsWorker = { ...jobs.workerOptions, name: "jobs", modules: true, scriptPath: jobsScript };
    const siteWorker = {
      ...siteOptions,
      name: "site",
      modulesRoot: siteDir,
      modules: [
        { type: "ESModule", path: join(siteDir, "_local-stack-entry.mjs"), contents: siteEntrySource(readRoutes(assetsDir), { forwardAnalytics: analyticsProcess }) },
        { type: "ESModule", path: join(siteDir, "_local-stack-pages-router.mjs"), contents: readFileSync(PAGES_ROUTER_SOURCE, "utf8") },
        { type: "ESModule", path: join(siteDir, "index.js") },
      ],
      serviceBindings: { ...siteOptions.serviceBindings, ASSETS: assets },
    };
    const shared = { cf: false, log, ...persistOptions(stateDir) };
    if (!analyticsProcess) {
      const workers = [siteWorker, jobsWorker];
      if (testHooks) workers.push(controlWorker());
      return { site: { host, port, ...shared, workers: extendWorkers(workers, "site") }, analytics: null };
    }

    const split = { ownership: analyticsOwnership(siteWorker, jobsWorker), plan };
    siteWorker.serviceBindings[ANALYTICS_PROCESS_BINDING] = { external: { address: `127.0.0.1:${plan.analyticsPort}`, http: {} } };
    const siteProcess = processWorkers([siteWorker, jobsWorker], "site", split);
    if (testHooks) siteProcess.push(controlWorker());
    // The analytics process runs the site's code for the analytics paths only, without assets.
    const analyticsServices = { ...siteOptions.serviceBindings };
    delete analyticsServices.ASSETS;
    const analyticsSite = {
      ...siteOptions,
      name: "site",
      modulesRoot: siteDir,
      modules: [
        { type: "ESModule", path: join(siteDir, "_local-stack-analytics-entry.mjs"), contents: analyticsEntrySource() },
        { type: "ESModule", path: join(siteDir, "index.js") },
      ],
      serviceBindings: analyticsServices,
    };
    const analyticsWorkers = processWorkers([analyticsSite, jobsWorker], "analytics", split);
    // Its own Durable Object storage (the limiter objects of the collector) and cache: a file is
    // opened by one process only. Its D1 files are other files than the site process's.
    const own = join(stateDir, "v3", "analytics-process");
    return {
      site: { host, port, ...shared, workers: extendWorkers(siteProcess, "site") },
      analytics: {
        host: "127.0.0.1",
        port: plan.analyticsPort,
        ...shared,
        log: new Log(level, { prefix: "analytics" }),
        durableObjectsPersist: join(own, "do"),
        cachePersist: join(own, "cache"),
        workers: extendWorkers(analyticsWorkers, "analytics"),
      },
    };
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

  const initial = stackOptions();
  const mf = new Miniflare(initial.site);
  const analyticsMf = initial.analytics ? new Miniflare(initial.analytics) : null;
  const instances = analyticsMf ? [mf, analyticsMf] : [mf];
  let url;
  try {
    [url] = await Promise.all(instances.map((instance) => instance.ready));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.dispose().catch(() => {})));
    throw error;
  }
  lowerAnalyticsPriority();

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
        const next = stackOptions();
        await Promise.all([mf.setOptions(next.site), analyticsMf?.setOptions(next.analytics)]);
        lowerAnalyticsPriority();
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
    analyticsMf: analyticsMf ?? mf,
    runScheduled,
    reload,
    async close() {
      if (closed) return;
      closed = true;
      cronEmulation.stop();
      await reloading?.catch(() => {});
      // An instance disposed already (a test stopping the analytics process) has nothing left to stop.
      const alreadyDisposed = (error) => error?.code === "ERR_SERVER_NOT_RUNNING";
      await Promise.all(instances.map((instance) => instance.dispose().catch((error) => { if (!alreadyDisposed(error)) throw error; })));
    },
  };
}
