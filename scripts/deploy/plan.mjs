// What a deploy environment consists of, by name, read from the committed wrangler configs (which hold
// local ids only): the site's Pages project, its D1 databases and KV namespaces, and in production the
// companion Worker and the queues between them. A preview gets databases and a namespace of its own
// (names ending in "-preview"), shares the Pages project (its preview environment) and has no Worker
// or queues: it delivers its mail and stores its analytics from the site itself (ADR 0034, 0037).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { experimental_readRawConfig as readRawConfig } from "wrangler";

export const SITE_CONFIG = "wrangler.toml";
export const JOBS_CONFIG = "workers/jobs/wrangler.toml";
export const ENVIRONMENTS = ["production", "preview"];
/** The branch a preview is deployed as: its address is https://preview.<project>.pages.dev. */
export const PREVIEW_BRANCH = "preview";
/** The production branch a new Pages project is created with. */
export const PRODUCTION_BRANCH = "main";

export function readCommittedConfigs(root = ".") {
  const read = (path) => readRawConfig({ config: `${root}/${path}` }).rawConfig;
  return { site: read(SITE_CONFIG), jobs: read(JOBS_CONFIG) };
}

/**
 * The resources of `env`: { project, worker, databases: [{ binding, name }], namespaces: [{ binding,
 * title }], queues: [name] } (worker null and queues empty for a preview).
 */
export function deployPlan(env, { site, jobs } = readCommittedConfigs()) {
  const suffix = env === "preview" ? "-preview" : "";
  const queues = new Set();
  if (env === "production") {
    for (const { queue } of site.queues?.producers ?? []) queues.add(queue);
    for (const { queue, dead_letter_queue: deadLetters } of jobs.queues?.consumers ?? []) {
      queues.add(queue);
      if (deadLetters) queues.add(deadLetters);
    }
  }
  return {
    env,
    project: site.name,
    worker: env === "production" ? jobs.name : null,
    databases: (site.d1_databases ?? []).map(({ binding, database_name: name }) => ({ binding, name: `${name}${suffix}` })),
    namespaces: (site.kv_namespaces ?? []).map(({ binding }) => ({ binding, title: `${site.name}-${binding.toLowerCase()}${suffix}` })),
    queues: [...queues],
  };
}

/**
 * A wrangler config naming the deployed databases of `env` by name only, for commands that reach
 * them (`wrangler d1 execute DB --remote -c <it>`, as `npm run admin:create -- --remote` does): wrangler
 * looks each name up in the account, so it works on any checkout, deployed from here or not.
 */
export function writeRemoteDatabasesConfig(env, root = ".") {
  const plan = deployPlan(env, readCommittedConfigs(root));
  const path = resolve(root, ".wrangler", "deploy", env, "databases", "wrangler.json");
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ name: plan.project, d1_databases: plan.databases.map(({ binding, name }) => ({ binding, database_name: name })) }, null, 2)}\n`);
  return path;
}
