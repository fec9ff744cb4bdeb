// A deployable's content fingerprint: a hash of everything its upload is made from (sources, build
// output, lockfile, generated config, wrangler's version). The deploy stores it with each upload (the
// Worker version's message, the Pages deployment's commit message) and reads it back, so a second run
// with nothing changed uploads nothing; a checkout that never deployed still compares with what runs.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";

/** What each deployable is built from, relative to the repository root. */
export const FINGERPRINT_INPUTS = {
  site: ["public", "build/index.js", "functions", "app", "package-lock.json", "tsconfig.json"],
  jobs: ["workers", "app", "package-lock.json", "tsconfig.json"],
};

/** wrangler bundles both uploads, so its version is part of what they are made from. */
export const WRANGLER_VERSION = createRequire(import.meta.url)("wrangler/package.json").version;

const PATTERN = /content ([0-9a-f]{16})\b/;

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

/** The fingerprint of `inputs` (paths under `root`) and `extra` strings, as 16 hex characters. */
export function fingerprint(root, inputs, extra = []) {
  const hash = createHash("sha256").update(`wrangler ${WRANGLER_VERSION}\0`);
  for (const input of inputs) {
    for (const file of files(join(root, input))) hash.update(`${relative(root, file)}\0`).update(readFileSync(file)).update("\0");
  }
  for (const text of extra) hash.update(`${text}\0`);
  return hash.digest("hex").slice(0, 16);
}

/** The text stored with an upload. */
export const describeContent = (print) => `npm run deploy, content ${print}`;

/** The fingerprint inside a stored description, or null. */
export const contentOf = (text) => PATTERN.exec(text ?? "")?.[1] ?? null;
