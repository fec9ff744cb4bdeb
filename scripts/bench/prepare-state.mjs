#!/usr/bin/env node
// `node scripts/bench/prepare-state.mjs <dir>`: migrates and seeds a local D1 in <dir> with the
// project's own helpers. bench.mjs runs it as a child so wrangler's banners (the helpers inherit
// stdio) land in a log file instead of the benchmark's stdout.
import { applyMigrations, seedDemoContent } from "../lib/wrangler.mjs";

const stateDir = process.argv[2];
if (!stateDir) {
  console.error("usage: node scripts/bench/prepare-state.mjs <state dir>");
  process.exit(2);
}
await applyMigrations(stateDir);
await seedDemoContent(stateDir);
