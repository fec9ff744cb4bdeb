/**
 * The local stack itself (scripts/local-stack/, ADR 0032): the real Pages Function build
 * (build/site/, from `npm run build`) behind public/_routes.json with Pages' asset server, and a
 * fixture in place of the companion Worker (tests/fixtures/jobs-fixture.js) that records every cron
 * tick and queue delivery in D1, all in one Miniflare with the real wrangler configs. The state
 * directory is migrated by wrangler's CLI before the stack starts, as `npm start` does. Every wait
 * is on a condition (a row appearing), never on time.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../scripts/lib/wrangler.mjs";
import { startLocalStack, type LocalStack } from "../../scripts/local-stack/index.mjs";

interface FixtureEvent {
  kind: "scheduled" | "queue" | "dead_letter";
  detail: string;
  attempt: number | null;
}

/** The security headers public/_headers gives every static file. */
const STATIC_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'";

let stack: LocalStack;
let stateDir: string;

beforeAll(async () => {
  // tests/.tmp is ignored by git: a clean clone does not have it yet.
  mkdirSync(join("tests", ".tmp"), { recursive: true });
  stateDir = mkdtempSync(join("tests", ".tmp", "local-stack-"));
  await applyMigrations(stateDir);
  const devVars = join(stateDir, "dev.vars");
  writeFileSync(devVars, "STACK_TEST_FROM_FILE=dev-vars\nSTACK_TEST_OVERRIDDEN=dev-vars\nSITE_URL=\n");
  stack = await startLocalStack({
    port: 0,
    stateDir,
    devVars,
    vars: { STACK_TEST_OVERRIDDEN: "option" },
    jobsScript: "tests/fixtures/jobs-fixture.js",
    crons: false, // ticks come from the test hook only, so every row below is one a test caused
    testHooks: true,
    logLevel: "error",
  });
});

afterAll(async () => {
  await stack?.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(new URL(path, stack.url), { redirect: "manual", ...init });

/** The fixture's rows of one kind (and detail), read by the jobs worker from its own D1 binding. */
async function fixtureEvents(kind: FixtureEvent["kind"], detail?: string): Promise<FixtureEvent[]> {
  const jobs = await stack.mf.getWorker("jobs");
  const query = new URLSearchParams({ kind, ...(detail === undefined ? {} : { detail }) });
  const response = await jobs.fetch(`http://jobs.local/events?${query}`);
  return (await response.json()) as FixtureEvent[];
}

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs`. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const uniqueId = (label: string) => `${label}-${crypto.randomUUID()}`;

describe("the site worker", () => {
  it("serves a static file with public/_headers applied, as Pages does", async () => {
    const favicon = await get("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toBe("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(favicon.headers.get("content-security-policy")).toBe(STATIC_CSP);
    expect(favicon.headers.get("x-frame-options")).toBe("DENY");
    expect(favicon.headers.get("x-content-type-options")).toBe("nosniff");
    expect(favicon.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains; preload");
    expect(await favicon.text()).toContain("<svg");

    // A path rule replaces a header ("! Content-Security-Policy") and adds others.
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("service-worker-allowed")).toBe("/");
    await worker.arrayBuffer();

    const chunk = readdirSync("public/build").find((name) => name.endsWith(".js"));
    expect(chunk, "public/build/ has no script: run `npm run build` first").toBeDefined();
    const asset = await get(`/build/${chunk}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await asset.arrayBuffer();
  });

  it("answers a path _routes.json excludes from the assets, never from the Function", async () => {
    // The asset server answers with _headers' CSP; the Function never does (it sets its own).
    const missingAsset = await get("/static/no-such-file.txt");
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers.get("content-security-policy")).toBe(STATIC_CSP);
    expect(missingAsset.headers.get("cache-control")).toBe("no-store");
    expect(await missingAsset.text()).toBe("");

    // The same kind of path outside the excluded folders is the Function's to answer.
    const functionAnswer = await get("/no-such-file.txt");
    expect(functionAnswer.status).toBe(404);
    expect(functionAnswer.headers.get("content-security-policy")).not.toBe(STATIC_CSP);
    await functionAnswer.arrayBuffer();
  });

  it("renders a page with the Pages Function and the migrated D1", async () => {
    const page = await get("/home");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src [^;]*'nonce-[^']+'/);
    const html = await page.text();
    expect(html).toMatch(/<h1[\s>]/);
  });
});

describe("the jobs worker next to it", () => {
  it("gets the site's variables: its wrangler.toml [vars], then .dev.vars, then the stack's options", async () => {
    const jobs = await stack.mf.getWorker("jobs");
    const jobsVars = (await (await jobs.fetch("http://jobs.local/vars")).json()) as Record<string, string>;
    const siteVars = await stack.mf.getBindings<Record<string, unknown>>("site");
    const expected = {
      APP_ENV: "development",
      STACK_TEST_FROM_FILE: "dev-vars",
      STACK_TEST_OVERRIDDEN: "option",
      // Empty in .dev.vars, so the stack's own origin: links in emails lead back to this stack.
      SITE_URL: stack.url.origin,
    };
    expect(jobsVars).toMatchObject(expected);
    expect(siteVars).toMatchObject(expected);
  });

  it("receives in its queue handler a message the site's EMAIL_QUEUE producer sends", async () => {
    const id = uniqueId("nudge");
    const producer = await stack.mf.getQueueProducer<{ id: string }>("EMAIL_QUEUE", "site");
    await producer.send({ id });
    const deliveries = await waitFor(() => fixtureEvents("queue", id), (rows) => rows.length > 0);
    expect(deliveries).toEqual([{ kind: "queue", detail: id, attempt: 1 }]);
  });

  it("runs its scheduled handler on demand, over the test hook and from Node", async () => {
    const overHttp = await get("/__stack/scheduled?cron=*/5+*+*+*+*", { method: "POST" });
    expect(overHttp.status).toBe(200);
    expect(await overHttp.json()).toEqual({ outcome: "ok", noRetry: false });
    expect(await fixtureEvents("scheduled", "*/5 * * * *")).toHaveLength(1);

    // Without a cron, the first of workers/jobs/wrangler.toml's Cron Triggers.
    expect((await stack.runScheduled()).outcome).toBe("ok");
    expect(await fixtureEvents("scheduled", "* * * * *")).toHaveLength(1);

    // Bad input is refused before anything runs.
    for (const query of ["?cron=*+*+*+*+*+*", "?time=yesterday"]) {
      const refused = await get(`/__stack/scheduled${query}`, { method: "POST" });
      expect(refused.status, query).toBe(400);
      await refused.arrayBuffer();
    }
    const unknown = await get("/__stack/nothing", { method: "POST" });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
  });

  it("moves a message whose handler keeps throwing to the dead-letter queue after its retries", async () => {
    const id = uniqueId("poison");
    const producer = await stack.mf.getQueueProducer<{ id: string; fail: boolean }>("EMAIL_QUEUE", "site");
    await producer.send({ id, fail: true });
    const deadLetters = await waitFor(() => fixtureEvents("dead_letter", id), (rows) => rows.length > 0);
    expect(deadLetters).toEqual([{ kind: "dead_letter", detail: id, attempt: 1 }]);
    // max_retries = 3 in workers/jobs/wrangler.toml: the first delivery and three retries.
    const attempts = (await fixtureEvents("queue", id)).map((row) => row.attempt);
    expect(attempts).toEqual([1, 2, 3, 4]);
  });

  it("shares one D1 database with the site, in the state directory wrangler migrated", async () => {
    // The jobs worker writes (a tick it records), the site's binding reads it...
    await stack.runScheduled({ cron: "7 * * * *" });
    const siteDb = await stack.mf.getD1Database("DB", "site");
    const ticks = await siteDb.prepare("SELECT COUNT(*) AS n FROM stack_fixture_events WHERE detail = '7 * * * *'").all<{ n: number }>();
    expect(ticks.results[0]?.n).toBe(1);

    // ...and the other way round.
    const note = uniqueId("from-the-site");
    await siteDb.prepare("INSERT INTO stack_fixture_events (kind, detail, at) VALUES ('queue', ?, 0)").bind(note).run();
    expect(await fixtureEvents("queue", note)).toEqual([{ kind: "queue", detail: note, attempt: null }]);

    // It is the database `wrangler d1 migrations apply DB --local --persist-to` migrated.
    const { results: migrations } = await siteDb.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
    expect(migrations.map((row) => row.name)).toContain("0001_initial_schema.sql");
  });
});
