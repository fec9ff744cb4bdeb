#!/usr/bin/env node
// `npm test`: every check in order (build, types, lint, unit + integration, end-to-end), then how long
// each took. Stops at the first failure with one clear line (no stack trace of this script: the failing
// check's own output above says what failed). The end-to-end tests need a Chromium: the system one or
// Playwright's.
import { run } from "./lib/run.mjs";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "./lib/chromium.mjs";

const chromium = findChromium();
if (!chromium) {
  console.error(`\n${CHROMIUM_MISSING_MESSAGE}\n`);
  process.exit(1);
}

const steps = [
  // The build comes first: it generates app/content/generated/, which type-check and lint read.
  ["build", "node", ["scripts/build.mjs", "--if-changed"]],
  ["type-check", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "."]],
  ["unit", "npx", ["vitest", "run", "--project", "unit"]],
  ["integration (workerd)", "npx", ["vitest", "run", "--project", "workers"]],
  ["stack (dev server)", "npx", ["vitest", "run", "--project", "stack"]],
  [`end-to-end (Chromium at ${chromium})`, "npx", ["playwright", "test"]],
];

const durations = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
function printDurations() {
  const total = durations.reduce((sum, [, ms]) => sum + ms, 0);
  console.log("\nDurations:");
  for (const [label, ms, outcome] of durations) console.log(`  ${label.replace(/ \(.*\)$/, "").padEnd(20)} ${seconds(ms).padStart(7)}${outcome ? `  ${outcome}` : ""}`);
  console.log(`  ${"total".padEnd(20)} ${seconds(total).padStart(7)}`);
}

for (const [label, command, args] of steps) {
  console.log(`\n── ${label} ──`);
  const started = performance.now();
  try {
    await run(command, args);
    durations.push([label, performance.now() - started]);
  } catch (error) {
    durations.push([label, performance.now() - started, "FAILED"]);
    printDurations();
    console.error(`\n✗ ${label} failed: ${error.message}. Its output above shows which test or file, and why.`);
    process.exit(1);
  }
}
printDurations();
console.log("\nAll checks passed.");
