/**
 * The analytics pipeline through the local stack (ADR 0037, 0038): the real site build and the real
 * companion Worker in one Miniflare, over HTTP. The collector hands each batch to the queue and
 * answers without D1; the consumer stores it in the analytics database with its daily counts, once
 * even when delivered again; a poison message ends in the dead-letter queue and on the admin's
 * page; per-client limits live in the Durable Object, not in D1; a real sign-up records the A/B
 * conversions of the variants the visitor was assigned. Faults come from the test-only probe and
 * gate (scripts/local-stack/instruments.mjs). Every wait is on a condition, never on time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignAll, DEFAULT_AB_TESTS } from "~/lib/ab-tests";
import { BROWSER_UA, eventBatch, startAnalyticsStack, statOf, waitFor, type AnalyticsStack } from "../support/analytics-stack";

let s: AnalyticsStack;
let analytics: D1Database;
let site: D1Database;

beforeAll(async () => {
  s = await startAnalyticsStack({ ANALYTICS_RATE_LIMIT_MAX: "5", ANALYTICS_EVENTS_PER_CLIENT_PER_DAY: "40" });
  analytics = await s.analytics();
  site = await s.site();
}, 180_000);
afterAll(() => s?.close());

const eventsOn = async (path: string) => Number(await analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE path = ?1").bind(path).first("n"));
const pageViewsOn = async (path: string) =>
  Number((await analytics.prepare("SELECT coalesce(sum(n), 0) AS n FROM analytics_daily_counts WHERE name = 'page_view' AND facet = 'path' AND value = ?1").bind(path).first("n")) ?? 0);

describe("the collector and the consumer", () => {
  it("queues each batch and answers without D1: while the consumer is stopped nothing is stored, then all of it is, counted once", async () => {
    s.gate.stop();
    const answers = await Promise.all([1, 2, 3].map((i) => s.post("/api/events", eventBatch(10, "page_view", {}, "/queued"), { "CF-Connecting-IP": `198.51.100.${i}` })));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    await waitFor(() => s.gate.state.waiting, (n) => n > 0, 30_000, "a batch waiting at the stopped consumer");
    expect(await eventsOn("/queued")).toBe(0);
    s.gate.start();
    await waitFor(() => eventsOn("/queued"), (n) => n === 30, 30_000, "30 events stored");
    expect(await pageViewsOn("/queued")).toBe(30);
    // No per-request D1 write on the site's side: the limits are the Durable Object's.
    expect(await site.prepare("SELECT count(*) AS n FROM rate_limits WHERE bucket LIKE 'analytics%'").first("n")).toBe(0);
  });

  it("never counts a message twice: a batch whose commit succeeded but whose reply was lost is delivered again and skipped", async () => {
    s.probe.loseReplyOnce();
    expect((await s.post("/api/events", eventBatch(7, "page_view", {}, "/lost-reply"), { "CF-Connecting-IP": "198.51.100.20" })).status).toBe(202);
    await waitFor(() => s.probe.state.lostReplies, (n) => n === 1, 30_000, "the lost reply");
    const acked = s.gate.state.acked.size;
    await waitFor(() => s.gate.state.acked.size, (n) => n > acked, 30_000, "the redelivered message acknowledged");
    expect(await eventsOn("/lost-reply")).toBe(7);
    expect(await pageViewsOn("/lost-reply")).toBe(7);
  });

  it("retries a batch D1 refused, with the same events, until it is stored", async () => {
    const before = s.probe.state.failures;
    s.probe.failBatchContaining("/refused-twice", 2);
    expect((await s.post("/api/events", eventBatch(4, "page_view", {}, "/refused-twice"), { "CF-Connecting-IP": "198.51.100.21" })).status).toBe(202);
    await waitFor(() => eventsOn("/refused-twice"), (n) => n === 4, 60_000, "the refused batch stored");
    expect(s.probe.state.failures - before).toBe(2);
    expect(await pageViewsOn("/refused-twice")).toBe(4);
  });

  it("sends a poison message to the dead-letter queue, and the admin sees it", async () => {
    const queue = await s.stack.mf.getQueueProducer("ANALYTICS_QUEUE", "site");
    await queue.send({ not: "a beacon" });
    await waitFor(async () => Number(await analytics.prepare("SELECT count(*) AS n FROM analytics_dead_letters").first("n")), (n) => n === 1, 60_000, "the dead letter kept");
    const cookie = await s.signIn();
    const page = await fetch(new URL("/admin/analytics", s.stack.url), { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(statOf(await page.text(), "dead-letters")).toBe(1);
  });
});

describe("per-client limits in the Durable Object", () => {
  it("limits batches per minute per client, other clients unaffected, with no D1 write", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await s.post("/api/events", eventBatch(1, "cta_click"), { "CF-Connecting-IP": "203.0.113.80" })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await s.post("/api/events", eventBatch(1, "cta_click"), { "CF-Connecting-IP": "203.0.113.81" })).status).toBe(202);
    expect(await site.prepare("SELECT count(*) AS n FROM rate_limits WHERE bucket LIKE 'analytics%'").first("n")).toBe(0);
  });

  it("counts an IPv6 client by its /64 (ADR 0034): a fresh address in the same /64 is the same client", async () => {
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await s.post("/api/events", eventBatch(1, "cta_click"), { "CF-Connecting-IP": `2001:db8:80:1::${i}` })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    expect((await s.post("/api/events", eventBatch(1, "cta_click"), { "CF-Connecting-IP": "2001:db8:80:1:ffff::6" })).status).toBe(429);
    expect((await s.post("/api/events", eventBatch(1, "cta_click"), { "CF-Connecting-IP": "2001:db8:80:2::1" })).status).toBe(202);
  });

  it("caps events per client per day: a batch that does not fit is refused and counts for nothing, a smaller one still fits", async () => {
    const ip = { "CF-Connecting-IP": "203.0.113.90" };
    expect((await s.post("/api/events", eventBatch(30, "cta_click"), ip)).status).toBe(202);
    const refused = await s.post("/api/events", eventBatch(11, "cta_click"), ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/today/);
    expect((await s.post("/api/events", eventBatch(10, "cta_click"), ip)).status).toBe(202);
    expect((await s.post("/api/events", eventBatch(1, "cta_click"), ip)).status).toBe(429);
  });
});

describe("A/B conversions", () => {
  it("are recorded by the server when a sign-up really happens, for the variants the visitor was assigned", async () => {
    // The visitor opens /home (the edge assigns variants and sets lv_ab), then joins the waitlist.
    const home = await fetch(new URL("/home", s.stack.url), { headers: { "User-Agent": BROWSER_UA, "CF-Connecting-IP": "203.0.113.100" } });
    const cookie = (home.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("lv_ab="))!;
    expect(cookie).toBeDefined();
    // Remix's cookie encoding: base64 of the JSON of the value.
    const visitor = JSON.parse(Buffer.from(decodeURIComponent(cookie.slice("lv_ab=".length)), "base64").toString("utf8")) as string;
    const join = await fetch(new URL("/api/waitlist", s.stack.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.stack.url.origin, "User-Agent": BROWSER_UA, "CF-Connecting-IP": "203.0.113.100", Cookie: cookie },
      body: new URLSearchParams({ email: "ab-convert@example.com", name: "Ada", submissionTime: String(Date.now() - 5_000) }).toString(),
    });
    expect(join.status).toBe(200);
    const expected = Object.values(assignAll(DEFAULT_AB_TESTS, visitor))
      .filter((a) => a.active)
      .map((a) => ({ test: a.test, variant: a.variant }));
    const stored = await waitFor(
      async () => (await analytics.prepare("SELECT properties FROM analytics_events WHERE name = 'ab_test_signup'").all<{ properties: string }>()).results,
      (rows) => rows.length === expected.length,
      30_000,
      "the server's conversions",
    );
    expect(stored.map((row) => JSON.parse(row.properties)).sort((a, b) => a.test.localeCompare(b.test))).toEqual(expected.sort((a, b) => a.test.localeCompare(b.test)));

    // The same address again: no new entry, no new conversion.
    await fetch(new URL("/api/waitlist", s.stack.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.stack.url.origin, "User-Agent": BROWSER_UA, "CF-Connecting-IP": "203.0.113.100", Cookie: cookie },
      body: new URLSearchParams({ email: "ab-convert@example.com", name: "Ada", submissionTime: String(Date.now() - 5_000) }).toString(),
    });
    expect((await s.post("/api/events", eventBatch(1, "page_view", {}, "/after-duplicate"), { "CF-Connecting-IP": "203.0.113.101" })).status).toBe(202);
    await waitFor(() => eventsOn("/after-duplicate"), (n) => n === 1, 30_000, "a later beacon stored");
    expect(Number(await analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE name = 'ab_test_signup'").first("n"))).toBe(expected.length);
  });
});
