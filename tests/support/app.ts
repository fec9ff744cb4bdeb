import { expect } from "vitest";
/**
 * The site under test, in workerd (@cloudflare/vitest-plugin runs this file in the test runner, see
 * test-worker.ts): the real request pipeline in front of the real Remix server build, with real D1
 * (both databases migrated as wrangler migrates them), KV, Cache API, queues and Durable Object.
 * Nothing of ours is mocked; the helpers below the harness wrap a real binding to inject a fault.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { applyD1Migrations, reset } from "cloudflare:test";
import { env as runnerEnv } from "cloudflare:workers";
import { createRequestPipeline } from "~/server/pipeline";
import type { CloudflareEnv } from "~/lib/env.server";
import { aroundD1Calls, d1Failure } from "./d1-probe";
import { loadServerBuild } from "./routes";

/** The runner's bindings (vitest.config.ts: the companion Worker's wrangler config and the site's other bindings). */
export interface RunnerEnv {
  DB: D1Database;
  ANALYTICS_DB: D1Database;
  EMPTY_DB: D1Database;
  CONFIG: KVNamespace;
  EMAIL_QUEUE: Queue<unknown>;
  ANALYTICS_QUEUE: Queue<unknown>;
  RATE_LIMITER: DurableObjectNamespace;
  TEST_MIGRATIONS: D1Migration[];
  TEST_ANALYTICS_MIGRATIONS: D1Migration[];
}
type D1Migration = Parameters<typeof applyD1Migrations>[1][number];

export const runner = runnerEnv as unknown as RunnerEnv;

export interface TestApp {
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
 * 500 ms for a D1 that answers in milliseconds; a loaded 2-core machine can slow a local D1 past that,
 * and the page would fall back (reviews hidden, page not cached) in tests that are not about the
 * deadline. A test of the deadline sets the production value.
 */
export const HARNESS_READ_DEADLINE_MS = "60000";

/** Both databases with every migration, as `wrangler d1 migrations apply` leaves them. */
export async function migrate(db: D1Database = runner.DB, analytics: D1Database = runner.ANALYTICS_DB): Promise<void> {
  await applyD1Migrations(db, runner.TEST_MIGRATIONS);
  await applyD1Migrations(analytics, runner.TEST_ANALYTICS_MIGRATIONS);
}

let apps = 0;

/**
 * The site on fresh storage: every binding of this test file is emptied (an app made earlier in the
 * file is gone) and both databases migrated. Its environment has the databases and KV only, as the
 * harness always had; a test adds the queues or the limiter with `vars` (`EMAIL_QUEUE: runner.EMAIL_QUEUE`).
 */
export async function createTestApp(vars: Partial<CloudflareEnv> = {}): Promise<TestApp> {
  await reset();
  await migrate();
  const handle = createRequestPipeline(await loadBuild());
  // A cache of its own, as each app had its own Miniflare: no page stored by another app is served.
  const cache = await caches.open(`test-app-${++apps}`);
  const env: CloudflareEnv = { DB: runner.DB, ANALYTICS_DB: runner.ANALYTICS_DB, CONFIG: runner.CONFIG, APP_ENV: "test", PUBLIC_READ_DEADLINE_MS: HARNESS_READ_DEADLINE_MS, ...vars };
  const pending: Promise<unknown>[] = [];

  const fetchWith = (bindings: CloudflareEnv) => (input: string | Request, init?: RequestInit) => {
    const request = typeof input === "string" ? new Request(new URL(input, "http://127.0.0.1:8788"), init) : input;
    return handle(request, { env: bindings, waitUntil: (p) => void pending.push(p.catch(() => {})), cache });
  };
  const settle = async () => {
    // Work a waitUntil started may start more (a nudge, then its delivery): all of it ends.
    while (pending.length > 0) await Promise.all(pending.splice(0));
  };

  return {
    db: runner.DB,
    analytics: runner.ANALYTICS_DB,
    kv: runner.CONFIG,
    env,
    fetch: fetchWith(env),
    withEnv: (overrides) => fetchWith({ ...env, ...overrides } as CloudflareEnv),
    settle,
    dispose: settle,
  };
}

/** An empty D1 database, without any migration (to test a migration on data stored before it). */
export async function createEmptyD1(): Promise<{ db: D1Database }> {
  const db = runner.EMPTY_DB;
  const { results } = await db
    .prepare("SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ type: string; name: string }>();
  for (const { type, name } of results) await db.exec(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`);
  return { db };
}

/** A D1 binding whose every call fails, as when the database is unreachable. */
export function unavailableD1(): D1Database {
  return aroundD1Calls(runner.DB, () => d1Failure("D1_ERROR: Network connection lost."));
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

/**
 * Where the enhanced sign-up forms send: the /waitlist and /notify page actions, whose answer the
 * form's fetcher reads as data (ADR 0051). The same request without `_data` is the no-JavaScript post.
 */
export const SIGN_UP_ACTION = "/waitlist?_data=routes%2F(%24lang).waitlist";
export const NOTIFY_ACTION = "/notify?platform=android&_data=routes%2F(%24lang).notify";

/** The field a public form's answer refused ("email", "name"), or null when it refused the whole form. */
export function refusedField(answer: { reply?: { error?: Record<string, unknown> } }): string | null {
  return Object.keys(answer.reply?.error ?? {}).find((field) => field !== "") ?? null;
}

/**
 * A public form's refusal of `field` (null: the whole form) with `message`, as toMatchObject reads
 * it: the one-line message, and the message where the form shows it.
 */
export function refusal(field: string | null, message: string) {
  return { state: "error", message, reply: { error: { [field ?? ""]: expect.arrayContaining([message]) } } };
}

/** Form-encoded POST with a distinct client address (rate limits are per client). */
export function formPost(path: string, fields: Record<string, string>, clientIp = "203.0.113.10", headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, "http://127.0.0.1:8788"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": clientIp, Origin: "http://127.0.0.1:8788", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** D1 that fails the calls carrying a statement matching `pattern` (e.g. one table), as a partial outage. */
export function d1FailingFor(db: D1Database, pattern: RegExp): D1Database {
  return aroundD1Calls(db, (call, { statements }) => (statements.some(({ sql }) => pattern.test(sql)) ? d1Failure("D1_ERROR: simulated outage") : call()));
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
