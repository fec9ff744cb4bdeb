/**
 * The patch of Miniflare's synchronous binding proxy (patches/, applied by `npm ci`'s postinstall,
 * ADR 0039) is in place. Without it, a late notify of one synchronous D1/KV call from Node can end the
 * next call's wait before its reply exists: the assertion `message?.id === id` fails and every later
 * call of that Miniflare instance fails with it (a clean-clone CI run lost 433 hostile-input tests so).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("Miniflare's synchronous proxy", () => {
  it("waits again for its reply when woken early, instead of failing the assertion", () => {
    const source = readFileSync(require.resolve("miniflare"), "utf8");
    const fetchSync = source.slice(source.indexOf("var SynchronousFetcher = class"), source.indexOf("async dispose()", source.indexOf("var SynchronousFetcher = class")));
    expect(fetchSync).toContain("while (message === void 0) {");
    expect(fetchSync).toContain("Atomics.wait(this.#notifyHandle, 0, 0, 10);");
    // The assertion stays, after the loop: a reply to another call is still a bug.
    expect(fetchSync.indexOf("while (message === void 0)")).toBeLessThan(fetchSync.indexOf("message?.id === id"));
  });
});
