// What the local stack reads: the two wrangler configs, the variables, the state directory. One
// home for the rules that must match wrangler's, so `npm start`, the end-to-end server and the
// stack's own tests agree with `wrangler d1 … --local` and with production.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { DEFAULT_STATE_DIR } from "../lib/wrangler.mjs";

/** The Pages project's config (the site) and the companion Worker's (jobs). */
export const SITE_CONFIG = "wrangler.toml";
export const JOBS_CONFIG = "workers/jobs/wrangler.toml";

/** Where the stack puts what it builds: the Pages Function bundle and the jobs worker bundle. */
export const SITE_BUILD_DIR = "build/site";
export const JOBS_BUNDLE = "build/jobs/index.js";

/** The one file of local variables and secrets; every worker of the stack reads it. */
export const DEV_VARS = ".dev.vars";

/** The local state directory: WRANGLER_STATE_DIR, else wrangler's default (.wrangler/state). */
export function localStateDir() {
  return process.env.WRANGLER_STATE_DIR || DEFAULT_STATE_DIR;
}

/**
 * Miniflare's persistence options for a state directory, laid out as wrangler lays out
 * `--persist-to <dir>` (buildPersistOptions in wrangler 3.114): `wrangler d1 migrations apply DB
 * --local --persist-to <dir>` then writes the very database the stack serves.
 */
export function persistOptions(stateDir) {
  const v3 = join(stateDir, "v3");
  return {
    cachePersist: join(v3, "cache"),
    d1Persist: join(v3, "d1"),
    durableObjectsPersist: join(v3, "do"),
    kvPersist: join(v3, "kv"),
    r2Persist: join(v3, "r2"),
    workflowsPersist: join(v3, "workflows"),
  };
}

/** The variables in a .dev.vars file (dotenv syntax), or none if there is no such file. */
export function readDevVars(path = DEV_VARS) {
  if (!path || !existsSync(path)) return {};
  return parseEnv(readFileSync(path, "utf8"));
}

/**
 * One worker's Miniflare options from its wrangler config, through wrangler's own translation
 * (bindings: D1, KV, R2, queue producers and consumers, services, Durable Objects). Its variables
 * stack as wrangler stacks them: the config's [vars], then `vars` (the .dev.vars file, then the
 * caller's overrides); `defaults` only fill what none of those sets, or sets empty (the app reads an
 * empty value as unset). Returns { config, workerOptions }.
 */
export function workerFromConfig(configPath, vars = {}, defaults = {}) {
  const config = unstable_readConfig({ config: configPath });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const bindings = { ...config.vars, ...vars };
  for (const [name, value] of Object.entries(defaults)) if (bindings[name] === undefined || bindings[name] === "") bindings[name] = value;
  return { config, workerOptions: { ...withoutEmptyMaps(workerOptions), bindings } };
}

/**
 * The options without the binding kinds a config does not use (wrangler passes `{}` for each).
 * Miniflare 3.20250408 fails to start ("inserted row already exists in table") when two workers
 * both carry an empty `ratelimits: {}`.
 */
function withoutEmptyMaps(options) {
  const isEmptyMap = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
  return Object.fromEntries(Object.entries(options).filter(([, value]) => !isEmptyMap(value)));
}

/**
 * The options with each Durable Object binding to another worker of the stack pointed at it: a
 * wrangler config names the Worker that defines a class by its deployed name (`script_name =
 * "linkvault-jobs"`), the stack by its name in the Miniflare instance ("jobs"); and Miniflare wants
 * the defining worker's storage backend (`useSQLite`, from its [[migrations]]) on every binding.
 * `definers` maps a deployed name to { name, workerOptions } of the worker that defines the classes.
 */
export function withScriptNames(workerOptions, definers) {
  if (!workerOptions.durableObjects) return workerOptions;
  const durableObjects = Object.fromEntries(
    Object.entries(workerOptions.durableObjects).map(([binding, designator]) => {
      const definer = typeof designator === "object" ? definers[designator.scriptName] : undefined;
      if (!definer) return [binding, designator];
      const own = Object.values(definer.workerOptions.durableObjects ?? {}).find((d) => typeof d === "object" && d.className === designator.className);
      return [binding, { ...designator, scriptName: definer.name, useSQLite: own?.useSQLite }];
    }),
  );
  return { ...workerOptions, durableObjects };
}
