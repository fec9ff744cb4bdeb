#!/usr/bin/env node
// `npm test`: every check in order (build, types, lint, unit, integration, end-to-end).
// Stops at the first failure. The end-to-end tests need a Chromium: the system one or Playwright's.
import { run } from "./lib/run.mjs";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "./lib/chromium.mjs";

const steps = [
  // The build comes first: it generates app/content/generated/, which type-check and lint read.
  ["build", "node", ["scripts/build.mjs"]],
  ["type-check", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "."]],
  ["unit + integration", "npx", ["vitest", "run"]],
];

const chromium = findChromium();
if (!chromium) {
  console.error(`\n${CHROMIUM_MISSING_MESSAGE}\n`);
  process.exit(1);
}

for (const [label, command, args] of steps) {
  console.log(`\n── ${label} ──`);
  await run(command, args);
}
console.log(`\n── end-to-end (Chromium at ${chromium}) ──`);
await run("npx", ["playwright", "test"]);
console.log("\nAll checks passed.");
