/**
 * The local stack in two workerd processes, as `npm start` runs it (ADR 0040): the real site build
 * and companion Worker, the site in one process, the analytics path (the collector, the analytics
 * queue and its consumer, ANALYTICS_DB) in another, each reaching what the other owns through its
 * gateway. Requests go over HTTP to the site's port, as a browser's do. Every wait is on a condition.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { getPriority } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../scripts/lib/admin.mjs";
import { applyMigrations } from "../../scripts/lib/wrangler.mjs";
import { ANALYTICS_PROCESS_NICENESS } from "../../scripts/local-stack/analytics-process.mjs";
import { startLocalStack, type LocalStack } from "../../scripts/local-stack/index.mjs";
import { threadIds } from "../../scripts/lib/proc.mjs";
import { listenerPid } from "../../scripts/local-stack/process-priority.mjs";
import { BROWSER_UA, eventBatch, signInOverHttp, STACK_ADMIN, statOf, waitFor } from "../support/analytics-stack";

let stack: LocalStack;
let stateDir: string;

beforeAll(async () => {
  mkdirSync(join("tests", ".tmp"), { recursive: true });
  stateDir = mkdtempSync(join("tests", ".tmp", "analytics-process-"));
  await applyMigrations(stateDir);
  await createAdmin({ ...STACK_ADMIN, role: "owner", stateDir });
  stack = await startLocalStack({ port: 0, stateDir, devVars: false, vars: { APP_ENV: "test" }, crons: false, testHooks: true, logLevel: "error", analyticsProcess: true });
});

afterAll(async () => {
  await stack?.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

const url = (path: string) => new URL(path, stack.url);
const postEvents = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(url("/api/events"), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: stack.url.origin, "User-Agent": BROWSER_UA, ...headers },
    body: JSON.stringify(body),
  });
const joinWaitlist = (email: string, headers: Record<string, string> = {}) =>
  fetch(url("/api/waitlist"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: stack.url.origin, "User-Agent": BROWSER_UA, ...headers },
    body: new URLSearchParams({ email, name: "Ada", submissionTime: String(Date.now() - 5_000) }).toString(),
  });

/** ANALYTICS_DB as the analytics process, its only opener, has it. */
const analyticsDb = async () => (await stack.analyticsMf.getD1Database("ANALYTICS_DB", "jobs")) as unknown as D1Database;
const siteDb = async () => (await stack.mf.getD1Database("DB", "site")) as unknown as D1Database;
const eventsOn = async (path: string) => Number(await (await analyticsDb()).prepare("SELECT count(*) AS n FROM analytics_events WHERE path = ?1").bind(path).first("n"));

/** The nice values of the threads of the workerd process listening on `url`'s port. */
const nicenessOfThreads = (url: URL) => {
  const pid = listenerPid(Number(url.port));
  expect(pid, `a child process listening on ${url.port}`).not.toBeNull();
  return [...new Set(threadIds(pid!).map((tid) => getPriority(tid)))];
};

describe("two processes", () => {
  it("runs the analytics path in a workerd process of its own, the only one to open ANALYTICS_DB", async () => {
    expect(stack.analyticsMf).not.toBe(stack.mf);
    // The site process binds ANALYTICS_DB through a stand-in, not a database of its own.
    await expect(stack.mf.getD1Database("ANALYTICS_DB", "site")).rejects.toThrow(/unbound/);
    await expect(stack.analyticsMf.getD1Database("DB", "site")).rejects.toThrow(/unbound/);
  });

  it("runs the analytics process at a lower CPU priority than the site's, every thread of it", async () => {
    expect(nicenessOfThreads(await stack.analyticsMf.ready)).toEqual([ANALYTICS_PROCESS_NICENESS]);
    expect(nicenessOfThreads(stack.url)).toEqual([getPriority()]);
  });

  it("answers the collector on the site's port from the analytics process, checks and headers included", async () => {
    const accepted = await postEvents(eventBatch(3, "page_view", {}, "/split-collector"), { "CF-Connecting-IP": "203.0.113.10" });
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ accepted: 3, dropped: 0 });
    expect(accepted.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(accepted.headers.get("x-content-type-options")).toBe("nosniff");
    await waitFor(() => eventsOn("/split-collector"), (n) => n === 3, 30_000, "the consumer storing the beacon");

    const crossSite = await postEvents(eventBatch(1), { Origin: "https://elsewhere.example", "CF-Connecting-IP": "203.0.113.11" });
    expect(crossSite.status).toBe(403);
    const notJson = await fetch(url("/api/events"), { method: "POST", headers: { Origin: stack.url.origin, "User-Agent": BROWSER_UA, "Content-Type": "application/xml" }, body: "<events/>" });
    expect(notJson.status).toBe(415);
    expect(await notJson.json()).toEqual({ error: "Send the batch as JSON." });
    expect((await fetch(url("/api/events"))).status).toBe(405);
    // Past the site's body limit, as the site itself answers: a body held to be sent again (100 KB)
    // and one passed on as it streams (2 MB).
    for (const bytes of [100 * 1024, 2 * 1024 * 1024]) {
      const tooLarge = await fetch(url("/api/events"), {
        method: "POST",
        headers: { Origin: stack.url.origin, "User-Agent": BROWSER_UA, "Content-Type": "application/json" },
        body: JSON.stringify({ consent: "anonymous", events: [], padding: "x".repeat(bytes) }),
      });
      expect(tooLarge.status).toBe(413);
    }
    // Everything else is still the site process's.
    const home = await fetch(url("/home"), { headers: { "User-Agent": BROWSER_UA } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
  });

  it("sends the server's A/B conversions from the site process to the analytics queue", async () => {
    const home = await fetch(url("/home"), { headers: { "User-Agent": BROWSER_UA, "CF-Connecting-IP": "203.0.113.20" } });
    const cookie = (home.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("lv_ab="));
    expect(cookie).toBeDefined();
    const joined = await joinWaitlist("split-ab@example.com", { "CF-Connecting-IP": "203.0.113.20", Cookie: cookie! });
    expect(joined.status).toBe(200);
    const conversions = await waitFor(
      async () => Number(await (await analyticsDb()).prepare("SELECT count(*) AS n FROM analytics_events WHERE name = 'ab_test_signup'").first("n")),
      (n) => n > 0,
      30_000,
      "the server's conversions",
    );
    expect(conversions).toBeGreaterThan(0);
  });

  it("shows the analytics process's counts on the admin's page, read through the site process", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stored = Number(await (await analyticsDb()).prepare("SELECT count(*) AS n FROM analytics_events WHERE name = 'page_view'").first("n"));
    expect(stored).toBeGreaterThan(0);
    const session = await signInOverHttp(stack.url);
    const page = await fetch(url(`/admin/analytics?from=${today}&to=${today}`), { headers: { Cookie: session } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(statOf(html, "stat-page-views")).toBe(stored);
    expect(statOf(html, "dead-letters")).toBe(0);
  });

  it("runs the cron's analytics jobs from the site process against the analytics process's database", async () => {
    // An event an older deployment wrote to the site database: the cron moves it.
    const site = await siteDb();
    await site
      .prepare("INSERT INTO analytics_events (name, occurred_at, path, consent, properties) VALUES ('page_view', ?1, '/split-moved', 'anonymous', '{}')")
      .bind(new Date().toISOString())
      .run();
    expect((await stack.runScheduled()).outcome).toBe("ok");
    expect(await eventsOn("/split-moved")).toBe(1);
    expect(Number(await site.prepare("SELECT count(*) AS n FROM analytics_events WHERE path = '/split-moved'").first("n"))).toBe(0);
  });

  it("answers a gateway only with the stack's key", async () => {
    for (const gateway of ["site-gateway", "analytics-gateway"]) {
      const direct = await stack.mf.unsafeGetDirectURL(gateway).catch(() => stack.analyticsMf.unsafeGetDirectURL(gateway));
      const refused = await fetch(new URL("/d1/DB/query", direct), { method: "POST", body: JSON.stringify({ sql: "SELECT 1", params: [] }) });
      expect(refused.status).toBe(403);
      const queue = await fetch(new URL("/queue/EMAIL_QUEUE", direct), { method: "POST", headers: { "X-Local-Stack-Key": "guess" }, body: "{}" });
      expect(queue.status).toBe(403);
    }
  });

  it("reloads both processes, as `npm run dev` does after a rebuild, and keeps every address", async () => {
    await stack.reload();
    const accepted = await postEvents(eventBatch(2, "page_view", {}, "/split-reloaded"), { "CF-Connecting-IP": "203.0.113.40" });
    expect(accepted.status).toBe(202);
    await waitFor(() => eventsOn("/split-reloaded"), (n) => n === 2, 30_000, "the consumer storing the beacon after the reload");
    // A reload starts new workerd processes: the analytics one gives way again.
    expect(nicenessOfThreads(await stack.analyticsMf.ready)).toEqual([ANALYTICS_PROCESS_NICENESS]);
  });

  // Last: it stops the analytics process.
  it("keeps taking sign-ups while the analytics process is down; the collector answers 503", async () => {
    await stack.analyticsMf.dispose();
    const joined = await joinWaitlist("split-down@example.com", { "CF-Connecting-IP": "203.0.113.30" });
    expect(joined.status).toBe(200);
    const row = await (await siteDb()).prepare("SELECT count(*) AS n FROM waitlist WHERE email = 'split-down@example.com'").first("n");
    expect(Number(row)).toBe(1);
    const refused = await postEvents(eventBatch(1), { "CF-Connecting-IP": "203.0.113.31" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ error: "Events cannot be stored right now." });
  });
});
