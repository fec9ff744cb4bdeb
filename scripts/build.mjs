#!/usr/bin/env node
// Production build: Tailwind CSS, the Remix classic compiler (server build in build/, client
// assets in public/build/), then the service worker stamped with the build's version.
// The Pages Function is bundled by wrangler when served or deployed.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { run } from "./lib/run.mjs";

await run("node", ["scripts/content.mjs"]);
await run("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--minify"]);
await run("npx", ["remix", "build"]);

// The Remix manifest's file name carries a content hash: a new one for every change.
const manifest = readdirSync("public/build").find((name) => /^manifest-[A-Z0-9]+\.js$/i.test(name));
const version = manifest ? manifest.replace(/^manifest-|\.js$/g, "").toLowerCase() : String(Date.now());
writeFileSync("public/sw.js", readFileSync("app/service-worker/sw.js", "utf8").replaceAll("__BUILD_VERSION__", version));
