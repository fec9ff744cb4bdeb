/**
 * Real D1 and KV in Miniflare with the project's real migrations, and the real request pipeline
 * in front of the real Remix server build. Nothing of ours is mocked.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { Miniflare } from "miniflare";
import { createRequestPipeline } from "~/server/pipeline";
import type { CloudflareEnv } from "~/lib/env.server";
import { applyMigrations } from "../../scripts/lib/d1-migrations.mjs";
import { loadServerBuild } from "./routes";

export { applyMigrations, migrationStatements } from "../../scripts/lib/d1-migrations.mjs";

export interface TestApp {
  mf: Miniflare;
  db: D1Database;
  kv: KVNamespace;
  env: CloudflareEnv;
  /** Sends a request through the pipeline, as the Pages Function does. */
  fetch(input: string | Request, init?: RequestInit): Promise<Response>;
  /** The same app with other bindings or variables (fault injection, other limits). */
  withEnv(overrides: Partial<CloudflareEnv>): TestApp["fetch"];
  dispose(): Promise<void>;
}

let buildPromise: Promise<ServerBuild> | undefined;
function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= loadServerBuild();
  return buildPromise;
}

export async function createTestApp(vars: Record<string, string> = {}): Promise<TestApp> {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Databases: { DB: "test-db" },
    kvNamespaces: { CONFIG: "test-config" },
  });
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  const kv = (await mf.getKVNamespace("CONFIG")) as unknown as KVNamespace;
  await applyMigrations(db);
  const handle = createRequestPipeline(await loadBuild());
  const env: CloudflareEnv = { DB: db, CONFIG: kv, APP_ENV: "test", ...vars };
  const pending: Promise<unknown>[] = [];

  const fetchWith = (bindings: CloudflareEnv) => (input: string | Request, init?: RequestInit) => {
    const request = typeof input === "string" ? new Request(new URL(input, "http://127.0.0.1:8788"), init) : input;
    return handle(request, { env: bindings, waitUntil: (p) => void pending.push(p.catch(() => {})) });
  };

  return {
    mf,
    db,
    kv,
    env,
    fetch: fetchWith(env),
    withEnv: (overrides) => fetchWith({ ...env, ...overrides } as CloudflareEnv),
    async dispose() {
      await Promise.all(pending);
      await mf.dispose();
    },
  };
}

/** A D1 binding whose every call fails, as when the database is unreachable. */
export function unavailableD1(): D1Database {
  const fail = () => {
    throw new Error("D1_ERROR: Network connection lost.");
  };
  return new Proxy({} as D1Database, { get: () => fail });
}

/** Form-encoded POST with a distinct client address (rate limits are per client). */
export function formPost(path: string, fields: Record<string, string>, clientIp = "203.0.113.10", headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, "http://127.0.0.1:8788"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": clientIp, Origin: "http://127.0.0.1:8788", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** D1 that fails only for statements matching `pattern` (e.g. one table), as a partial outage. */
export function d1FailingFor(db: D1Database, pattern: RegExp): D1Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "prepare") {
        return (sql: string) => {
          if (pattern.test(sql)) throw new Error("D1_ERROR: simulated outage");
          return (value as D1Database["prepare"]).call(target, sql);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A KV binding whose every call fails. */
export function unavailableKV(): KVNamespace {
  const fail = () => {
    throw new Error("KV GET failed: 503 Service Unavailable");
  };
  return new Proxy({} as KVNamespace, { get: () => fail });
}
