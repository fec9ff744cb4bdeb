#!/usr/bin/env node
// Production build: Tailwind CSS, then the Remix classic compiler (server build in build/,
// client assets in public/build/). The Pages Function is bundled by wrangler when served/deployed.
import { run } from "./lib/run.mjs";

await run("npx", ["tailwindcss", "--input", "app/styles/app.css", "--output", "app/styles/tailwind.css", "--minify"]);
await run("npx", ["remix", "build"]);
