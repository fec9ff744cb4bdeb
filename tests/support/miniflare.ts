/**
 * Real D1 and KV in Miniflare with the project's real migrations, and the real request pipeline
 * in front of the real Remix server build. Nothing of ours is mocked.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { Miniflare, Response as MiniflareResponse } from "miniflare";
import { createRequestPipeline } from "~/server/pipeline";
import type { CloudflareEnv } from "~/lib/env.server";
import { applyMigrations, MIGRATIONS_DIR_BY_BINDING } from "../../scripts/lib/d1-migrations.mjs";
import { freshConnectionsToWorkerd } from "../../scripts/lib/workerd-bridge.mjs";
import { loadServerBuild } from "./routes";

export { applyMigrationFile, applyMigrations, migrationFiles, migrationStatements } from "../../scripts/lib/d1-migrations.mjs";

/** The analytics database's migrations (ADR 0037). */
export const ANALYTICS_MIGRATIONS_DIR = MIGRATIONS_DIR_BY_BINDING.ANALYTICS_DB;

export interface TestApp {
  mf: Miniflare;
  db: D1Database;
  /** The analytics database (ANALYTICS_DB, migrations-analytics/ applied). Without a queue binding the collector writes it directly. */
  analytics: D1Database;
  kv: KVNamespace;
  env: CloudflareEnv;
  /** Sends a request through the pipeline, as the Pages Function does. */
  fetch(input: string | Request, init?: RequestInit): Promise<Response>;
  /** The same app with other bindings or variables (fault injection, other limits). */
  withEnv(overrides: Partial<CloudflareEnv>): TestApp["fetch"];
  /** Waits for the work requests left running after their response (ctx.waitUntil), e.g. cache writes. */
  settle(): Promise<void>;
  dispose(): Promise<void>;
}

let buildPromise: Promise<ServerBuild> | undefined;
function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= loadServerBuild();
  return buildPromise;
}

/**
 * The public pages' read deadline in the harness (PUBLIC_READ_DEADLINE_MS, ADR 0021). Production waits
 * 500 ms for a D1 that answers in milliseconds; here every D1 call crosses Miniflare's bridge, which a
 * loaded machine slows past 500 ms, and the page would fall back (reviews hidden, page not cached) in
 * tests that are not about the deadline (issue 18). A test of the deadline sets the production value.
 */
export const HARNESS_READ_DEADLINE_MS = "60000";

/** Miniflare for its bindings only: the worker itself is never called. */
const BINDINGS_ONLY = { modules: true, script: "export default { fetch() { return new Response(null, { status: 404 }); } }" } as const;

export async function createTestApp(vars: Record<string, string> = {}): Promise<TestApp> {
  freshConnectionsToWorkerd(); // also outside Vitest's setup file (the bench)
  const mf = new Miniflare({
    ...BINDINGS_ONLY,
    d1Databases: { DB: "test-db", ANALYTICS_DB: "test-analytics-db" },
    kvNamespaces: { CONFIG: "test-config" },
  });
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  const analytics = (await mf.getD1Database("ANALYTICS_DB")) as unknown as D1Database;
  const kv = (await mf.getKVNamespace("CONFIG")) as unknown as KVNamespace;
  await applyMigrations(db);
  await applyMigrations(analytics, ANALYTICS_MIGRATIONS_DIR);
  const handle = createRequestPipeline(await loadBuild());
  const cache = nodeSideCache((await mf.getCaches()).default);
  const env: CloudflareEnv = { DB: bridgeSafeD1(db), ANALYTICS_DB: bridgeSafeD1(analytics), CONFIG: kv, APP_ENV: "test", PUBLIC_READ_DEADLINE_MS: HARNESS_READ_DEADLINE_MS, ...vars };
  const pending: Promise<unknown>[] = [];

  const fetchWith = (bindings: CloudflareEnv) => (input: string | Request, init?: RequestInit) => {
    const request = typeof input === "string" ? new Request(new URL(input, "http://127.0.0.1:8788"), init) : input;
    return handle(request, { env: bindings, waitUntil: (p) => void pending.push(p.catch(() => {})), cache });
  };

  return {
    mf,
    db,
    analytics,
    kv,
    env,
    fetch: fetchWith(env),
    withEnv: (overrides) => fetchWith({ ...env, ...overrides } as CloudflareEnv),
    async settle() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
    async dispose() {
      // Work a waitUntil started may start more (a nudge, then its delivery): all of it ends before workerd does.
      while (pending.length > 0) await Promise.all(pending.splice(0));
      await mf.dispose();
    },
  };
}

type MiniflareCache = Awaited<ReturnType<Miniflare["getCaches"]>>["default"];

/**
 * Miniflare's real Cache API (caches.default in the Pages Function), reached from Node: its proxy
 * takes and gives Miniflare's own Response class, so responses are converted at the boundary.
 */
function nodeSideCache(cache: MiniflareCache): Cache {
  return {
    async match(key: RequestInfo | URL) {
      const found = await cache.match(String(key instanceof Request ? key.url : key));
      if (!found) return undefined;
      return new Response(await found.arrayBuffer(), { status: found.status, headers: [...found.headers] });
    },
    async put(key: RequestInfo | URL, response: Response) {
      const copy = new MiniflareResponse(await response.arrayBuffer(), { status: response.status, headers: [...response.headers] });
      await cache.put(String(key instanceof Request ? key.url : key), copy);
    },
    async delete(key: RequestInfo | URL) {
      return cache.delete(String(key instanceof Request ? key.url : key));
    },
  } as Cache;
}

/** A D1 database of its own, without any migration (to test a migration on data stored before it). */
export async function createEmptyD1(): Promise<{ db: D1Database; dispose(): Promise<void> }> {
  const mf = new Miniflare({ ...BINDINGS_ONLY, d1Databases: { DB: "empty-db" } });
  return { db: (await mf.getD1Database("DB")) as unknown as D1Database, dispose: () => mf.dispose() };
}

/** A D1 binding whose every call fails, as when the database is unreachable. */
export function unavailableD1(): D1Database {
  const fail = () => {
    throw new Error("D1_ERROR: Network connection lost.");
  };
  return new Proxy({} as D1Database, { get: () => fail });
}

const STATEMENT_CALLS = new Set<string | symbol>(["first", "all", "run", "raw"]);

/**
 * The real D1 with every call (a statement's first/all/run/raw, the binding's batch/exec) passed
 * through `around`, which decides when and whether the real call runs.
 */
function aroundD1Calls(db: D1Database, around: <T>(call: () => Promise<T>) => Promise<T>): D1Database {
  // Statements handed back to batch() must be the real ones: D1 reads their internals.
  const realStatement = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrapStatement(value.apply(target, values));
        if (STATEMENT_CALLS.has(property)) return (...args: unknown[]) => around(() => value.apply(target, args));
        return value.bind(target);
      },
    });
    realStatement.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => around(() => target.batch(statements.map((s) => realStatement.get(s) ?? s)));
      }
      if (property === "exec" || property === "dump") return (...args: unknown[]) => around(() => value.apply(target, args));
      return value.bind(target);
    },
  });
}

/** The real D1, only slow: every call waits `ms` and then runs for real, as when D1 is far away or overloaded. */
export function slowD1(db: D1Database, ms: number): D1Database {
  return aroundD1Calls(db, async (call) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return call();
  });
}

/** A D1 whose calls all wait, unanswered, until `release()` (then each runs for real); `waiting` counts them. */
export interface StalledD1 {
  db: D1Database;
  readonly waiting: number;
  release(): void;
}

/**
 * The real D1, not answering: as `slowD1` with no end. A page that still answers in full while calls
 * are `waiting` did not wait for D1 at all, which no timing of a loaded machine can fake (issue 18).
 */
export function stalledD1(db: D1Database): StalledD1 {
  let waiting = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stalled = aroundD1Calls(db, async (call) => {
    waiting++;
    await released;
    waiting--;
    return call();
  });
  return {
    db: stalled,
    get waiting() {
      return waiting;
    },
    release,
  };
}

/**
 * At most `max` D1 calls in flight, the rest queued. Only for the harness: here the app runs in Node
 * and reaches D1 through Miniflare's HTTP bridge into workerd, one connection per call
 * (scripts/lib/workerd-bridge.mjs). The Pages Function calls D1 inside workerd, with no such bridge,
 * so this keeps a storm of requests from opening hundreds of connections at once and testing the
 * bridge instead of the app. Calls are never retried: a write the bridge lost may have landed.
 */
function bridgeSafeD1(db: D1Database, max = 32): D1Database {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return aroundD1Calls(db, async (call) => {
    if (inFlight < max) inFlight++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing call hands over its slot
    try {
      return await call();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    }
  });
}

/**
 * Makes SQLite itself refuse every write to `table` (a trigger raising ABORT) until the returned
 * function is called: the failure happens inside D1 while a batch runs, after the statements
 * before it have executed, so only a real transaction keeps them from landing.
 */
export async function abortWritesTo(db: D1Database, table: string): Promise<() => Promise<void>> {
  const triggers = ["INSERT", "UPDATE", "DELETE"].map((event) => ({ event, name: `test_abort_${event.toLowerCase()}_${table}` }));
  await db.batch(
    triggers.map(({ event, name }) =>
      db.prepare(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'simulated failure writing ${table}'); END`),
    ),
  );
  return async () => {
    await db.batch(triggers.map(({ name }) => db.prepare(`DROP TRIGGER IF EXISTS ${name}`)));
  };
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

/** A queue producer whose every send fails, as when the queue cannot be reached. */
export function unreachableQueue(): Queue {
  const fail = () => Promise.reject(new Error("Queue send failed: Network connection lost."));
  return new Proxy({} as Queue, { get: () => fail });
}

/** A queue producer whose sends never answer. */
export function silentQueue(): Queue {
  const hang = () => new Promise<never>(() => {});
  return new Proxy({} as Queue, { get: () => hang });
}
