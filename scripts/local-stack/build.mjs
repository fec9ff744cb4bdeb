// Builds the two workers the local stack runs. The site: wrangler compiles functions/ (with the
// Remix server build it imports) into one module worker, as Cloudflare Pages does on deploy. The
// companion Worker: esbuild bundles workers/jobs/index.ts with the options wrangler uses for
// `wrangler deploy` (ES module, es2022, the workerd export conditions), resolving the tsconfig's
// `~/` alias, so the local bundle runs the code production runs.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import * as esbuild from "esbuild";
import { run } from "../lib/run.mjs";
import { JOBS_BUNDLE, SITE_BUILD_DIR } from "./config.mjs";

/** The companion Worker's entry (`main` in workers/jobs/wrangler.toml). */
export const JOBS_ENTRY = "workers/jobs/index.ts";

/** `wrangler pages functions build` arguments; `--watch` keeps it rebuilding. */
function siteBuildArgs(outdir, watch) {
  return ["wrangler", "pages", "functions", "build", "functions", "--outdir", outdir, ...(watch ? ["--watch"] : [])];
}

/** Compiles functions/ and build/index.js into `outdir`/index.js (run `remix build` first). */
export function buildSiteWorker({ outdir = SITE_BUILD_DIR } = {}) {
  return run("npx", siteBuildArgs(outdir, false));
}

/** The arguments of the watching site build, for a caller that spawns it next to `remix watch`. */
export function watchSiteWorkerCommand({ outdir = SITE_BUILD_DIR } = {}) {
  return ["npx", siteBuildArgs(outdir, true)];
}

/** esbuild options as `wrangler deploy` sets them for a module worker (bundleWorker in wrangler 3.114). */
function jobsBuildOptions(entry, outfile) {
  mkdirSync(dirname(outfile), { recursive: true });
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    keepNames: true,
    loader: { ".js": "jsx", ".mjs": "jsx", ".cjs": "jsx" },
    // wrangler bakes in the deploying shell's NODE_ENV the same way.
    define: { "process.env.NODE_ENV": `"${process.env.NODE_ENV}"` },
    external: ["__STATIC_CONTENT_MANIFEST", "cloudflare:*"],
    // esbuild reads `paths` (the `~/` alias) from this tsconfig.
    tsconfig: "tsconfig.json",
    sourcemap: true,
    logLevel: "warning",
  };
}

/**
 * Bundles the companion Worker. Rejects (with esbuild's messages printed) on any error.
 * `entry`/`outfile` default to workers/jobs/index.ts and build/jobs/index.js.
 */
export async function buildJobsWorker({ entry = JOBS_ENTRY, outfile = JOBS_BUNDLE } = {}) {
  await esbuild.build(jobsBuildOptions(entry, outfile));
}

/**
 * Rebuilds the companion Worker whenever one of its inputs changes, and calls `onRebuild()` after
 * each build without errors (esbuild prints the errors of the others). Resolves with { stop() }.
 */
export async function watchJobsWorker({ entry = JOBS_ENTRY, outfile = JOBS_BUNDLE, onRebuild }) {
  let first = true;
  const notify = {
    name: "local-stack-reload",
    setup(build) {
      build.onEnd((result) => {
        // The first build is the one the stack starts with; only later ones are changes.
        if (first) first = false;
        else if (result.errors.length === 0) onRebuild();
      });
    },
  };
  const context = await esbuild.context({ ...jobsBuildOptions(entry, outfile), plugins: [notify] });
  await context.watch();
  return { stop: () => context.dispose() };
}

