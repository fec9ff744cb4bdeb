#!/usr/bin/env node
// Production build: the generated content and message catalogue modules, Tailwind CSS, the Remix classic compiler (server
// build in build/, client assets in public/build/), the island pages' own bundle (scripts/islands.mjs),
// and the service worker stamped with the build's version. wrangler bundles the Pages Function
// (functions/) and the companion Worker (workers/jobs/) itself, in `npm start` and in `npm run deploy`.
//
// `--if-changed` (what `npm start` runs): skips everything when the inputs hash to what the last
// build recorded in build/.inputs-hash and its outputs are all there.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleIslands } from "./islands.mjs";
import { run } from "./lib/run.mjs";

/** What the build reads, and what it writes (outputs inside an input directory are left out of the hash). */
const INPUTS = ["app", "remix.config.js", "package-lock.json", "tsconfig.json", "scripts/build.mjs", "scripts/islands.mjs", "scripts/content.mjs", "scripts/locales.mjs", "scripts/lib/front-matter.mjs"];
const OUTPUTS = ["build/index.js", "public/build", "public/sw.js", "app/styles/tailwind.css", "app/content/generated/content.ts", "app/locales/generated/catalogues.ts", "app/components/islands/generated/island-bundle.ts", "public/build/islands"];
/** Generated modules inside app/: outputs, so not hashed as inputs. */
const GENERATED = ["app/content/generated", "app/locales/generated", "app/components/islands/generated"];
const HASH_FILE = "build/.inputs-hash";

function* files(path) {
  if (OUTPUTS.includes(path) || GENERATED.includes(path) || !existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

function inputsHash() {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(input)) hash.update(`${file}\0`).update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const ifChanged = process.argv.includes("--if-changed");
const hash = inputsHash();
if (ifChanged && OUTPUTS.every((path) => existsSync(path)) && existsSync(HASH_FILE) && readFileSync(HASH_FILE, "utf8") === hash) {
  console.log("Build: up to date");
  process.exit(0);
}

await run("node", ["scripts/content.mjs"]);
await run("node", ["scripts/locales.mjs"]);
await run("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--minify"]);
// The island bundle first: the server build reads its module. Remix empties public/build/, so its files come after.
const islands = await bundleIslands();
// Remix builds in NODE_ENV's mode; a test runner sets NODE_ENV=test, which would ship React's
// development build (slow, and warnings on every render).
await run("npx", ["remix", "build"], { env: { NODE_ENV: "production" } });
islands.writeFiles();

// The Remix manifest's file name carries a content hash: a new one for every change.
const manifest = readdirSync("public/build").find((name) => /^manifest-[A-Z0-9]+\.js$/i.test(name));
const version = manifest ? manifest.replace(/^manifest-|\.js$/g, "").toLowerCase() : String(Date.now());
writeFileSync("public/sw.js", readFileSync("app/service-worker/sw.js", "utf8").replaceAll("__BUILD_VERSION__", version));
writeFileSync(HASH_FILE, hash);
