/**
 * `node scripts/build.mjs --if-changed`, what `npm start` runs first: with nothing changed it rebuilds
 * nothing; after an input changes it builds again. It runs in a copy of the project's build inputs and
 * outputs (node_modules linked), so rebuilding never touches the build that other tests serve.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** What the build reads and writes (scripts/build.mjs's INPUTS and OUTPUTS live inside these). */
const PROJECT_FILES = ["app", "public", "build", "scripts", "remix.config.js", "package.json", "package-lock.json", "tsconfig.json", "env.d.ts"];
const OUTPUTS = ["build/index.js", "public/sw.js", "app/styles/tailwind.css", "app/content/generated/content.ts", "build/.inputs-hash"];

let copy: string;
beforeAll(async () => {
  mkdirSync(join("tests", ".tmp"), { recursive: true });
  copy = mkdtempSync(join("tests", ".tmp", "build-copy-"));
  for (const path of PROJECT_FILES) cpSync(path, join(copy, path), { recursive: true, preserveTimestamps: true });
  symlinkSync(resolve("node_modules"), join(copy, "node_modules"), "dir");
  // The copy starts built (the project's build may be older than its sources while someone edits them).
  await buildIfChanged();
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Runs it in the copy; answers what it printed. */
async function buildIfChanged(): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/build.mjs", "--if-changed"], { cwd: copy, maxBuffer: 16 * 1024 * 1024 });
  return stdout + stderr;
}

const modifiedTimes = () => Object.fromEntries(OUTPUTS.map((path) => [path, statSync(join(copy, path)).mtimeMs]));

describe("build --if-changed", () => {
  it("rebuilds nothing when nothing changed", async () => {
    const before = modifiedTimes();
    const started = performance.now();
    expect((await buildIfChanged()).trim()).toBe("Build: up to date");
    expect(modifiedTimes()).toEqual(before);
    // Hashing the inputs only: well under the seconds a build takes, even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("builds again after an input changes, and is up to date after that", { timeout: 300_000 }, async () => {
    const hashBefore = readFileSync(join(copy, "build/.inputs-hash"), "utf8");
    const before = modifiedTimes();
    const post = join(copy, "app/content/blog/privacy-first-by-design.md");
    writeFileSync(post, `${readFileSync(post, "utf8")}\nOne more sentence, so the build has something new.\n`);

    expect(await buildIfChanged()).not.toContain("Build: up to date");
    expect(readFileSync(join(copy, "build/.inputs-hash"), "utf8")).not.toBe(hashBefore);
    expect(readFileSync(join(copy, "app/content/generated/content.ts"), "utf8")).toContain("One more sentence, so the build has something new.");
    const after = modifiedTimes();
    for (const path of OUTPUTS) expect(after[path], path).toBeGreaterThan(before[path]!);

    expect((await buildIfChanged()).trim()).toBe("Build: up to date");
  });
});
