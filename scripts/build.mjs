#!/usr/bin/env node
// Production build: Tailwind CSS, the Remix classic compiler (server build in build/, client
// assets in public/build/), the service worker stamped with the build's version, then the two
// workers the local stack runs (scripts/local-stack/build.mjs): the Pages Function bundle in
// build/site/ and the companion Worker in build/jobs/. Deploying bundles both again with wrangler.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { run } from "./lib/run.mjs";
import { buildJobsWorker, buildSiteWorker } from "./local-stack/build.mjs";

await run("node", ["scripts/content.mjs"]);
await run("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--minify"]);
await run("npx", ["remix", "build"]);

// The Remix manifest's file name carries a content hash: a new one for every change.
const manifest = readdirSync("public/build").find((name) => /^manifest-[A-Z0-9]+\.js$/i.test(name));
const version = manifest ? manifest.replace(/^manifest-|\.js$/g, "").toLowerCase() : String(Date.now());
writeFileSync("public/sw.js", readFileSync("app/service-worker/sw.js", "utf8").replaceAll("__BUILD_VERSION__", version));

await buildSiteWorker();
try {
  await buildJobsWorker();
} catch {
  // esbuild has printed the errors.
  console.error("The companion Worker (workers/jobs/) failed to build.");
  process.exit(1);
}
