/**
 * The analytics pipeline (ADR 0037, 0038) with the real site and the real companion Worker in the test
 * runner: the collector hands each batch to the analytics queue and answers without D1; the consumer
 * stores it in the analytics database with its daily counts, once even when delivered again; a poison
 * message ends in the dead-letter queue and on the admin's page; per-client limits live in the Durable
 * Object, not in D1; a sign-up confirmed at once (email off) records the A/B conversions of the
 * variants the visitor was assigned (with email on: analytics-trust.test.ts). Faults come from jobs-hooks.ts (the consumer held, a probe in front of its database).
 * Then the D1 statements each request and each consumer batch sends to each database, counted at the
 * bindings. Every wait is on a condition, never on time.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi, type TestContext } from "vitest";
import { ANALYTICS_QUEUE_NAME } from "~/features/analytics/jobs.server";
import type { CloudflareEnv } from "~/lib/env.server";
import jobs from "../../workers/jobs/index";
import { abCookiePair, assignmentsOfCookie } from "../support/ab-visitor";
import { formPost, runner, unreachableQueue, SIGN_UP_ACTION } from "../support/app";
import { beacon, BROWSER_UA, eventBatch, eventsRequest, openAnalyticsSite, statOf, storedOn, type AnalyticsSite } from "../support/analytics-pipeline";
import { callCarries, d1Probe, type D1Outcome, type D1Probe } from "../support/d1-probe";
import { publishCount } from "../support/statement-counts";
import { changeJobsEnv, holdQueue } from "../support/jobs-hooks";

/** A guard against a hang, not a wait: the queue hands a batch over within 2 s, a retry within a few more. */
const WITHIN = { timeout: 60_000, interval: 50 };

let site: AnalyticsSite;
const analytics = runner.ANALYTICS_DB;

beforeAll(async () => {
  site = await openAnalyticsSite({ ANALYTICS_RATE_LIMIT_MAX: "5", ANALYTICS_EVENTS_PER_CLIENT_PER_DAY: "40" });
});

const analyticsLimitRows = () => site.app.db.prepare("SELECT count(*) AS n FROM rate_limits WHERE bucket LIKE 'analytics%'").first("n");

/** A probe in front of the consumer's ANALYTICS_DB for the rest of the test. */
function probeTheConsumer(): D1Probe {
  const probe = d1Probe(runner.ANALYTICS_DB);
  changeJobsEnv((env) => ({ ...env, ANALYTICS_DB: probe.db }));
  return probe;
}

interface RecordedCall {
  method: string;
  statements: number;
  outcome: D1Outcome;
}

/** From now on, every call of the probe (only those carrying `text`, when given), in order. */
function recordCalls(probe: D1Probe, text?: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  probe.observe((call, outcome) => {
    if (text === undefined || callCarries(call, text)) calls.push({ method: call.method, statements: call.statements.length, outcome });
  });
  return calls;
}

/** One D1 batch of `statements` statements that ran. */
const ranBatch = (statements: number): RecordedCall => ({ method: "batch", statements, outcome: "ran" });

describe("the collector and the consumer", () => {
  it("queues each batch and answers without D1: while the consumer is stopped nothing is stored, then all of it is, counted once", async () => {
    const consumer = holdQueue(ANALYTICS_QUEUE_NAME);
    const answers = await Promise.all([1, 2, 3].map((i) => site.post(eventBatch(10, "page_view", {}, "/queued"), `198.51.100.${i}`)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    await vi.waitFor(() => expect(consumer.held, "a batch waiting at the stopped consumer").toBeGreaterThan(0), WITHIN);
    expect(await storedOn(analytics, "/queued")).toEqual({ events: 0, pageViews: 0 });
    consumer.open();
    await vi.waitFor(async () => expect(await storedOn(analytics, "/queued")).toEqual({ events: 30, pageViews: 30 }), WITHIN);
    // No per-request D1 write on the site's side: the limits are the Durable Object's.
    expect(await analyticsLimitRows()).toBe(0);
  });

  it("never counts a message twice: a batch whose commit succeeded but whose reply was lost is delivered again and skipped", async () => {
    const probe = probeTheConsumer();
    const calls = recordCalls(probe, "/lost-reply");
    probe.loseNextReply();
    expect((await site.post(eventBatch(7, "page_view", {}, "/lost-reply"), "198.51.100.20")).status).toBe(202);
    // The committed batch's reply lost, then the message delivered again: its batch runs, and its messages are acknowledged.
    await vi.waitFor(() => expect(calls.map((call) => call.outcome)).toEqual(["reply lost", "ran"]), WITHIN);
    expect(probe.lostReplies).toBe(1);
    expect(await storedOn(analytics, "/lost-reply")).toEqual({ events: 7, pageViews: 7 });
  });

  it("retries a batch D1 refused, with the same events, until it is stored", async () => {
    const probe = probeTheConsumer();
    const refusal = probe.refuseBatchesCarrying("/refused-twice", 2);
    expect((await site.post(eventBatch(4, "page_view", {}, "/refused-twice"), "198.51.100.21")).status).toBe(202);
    await vi.waitFor(async () => expect((await storedOn(analytics, "/refused-twice")).events).toBe(4), WITHIN);
    expect(refusal.refused).toBe(2);
    expect(await storedOn(analytics, "/refused-twice")).toEqual({ events: 4, pageViews: 4 });
  });

  it("sends a poison message to the dead-letter queue, and the admin sees it", async () => {
    await runner.ANALYTICS_QUEUE.send({ not: "a beacon" });
    // Retried at once up to max_retries (10), then kept by the dead-letter queue's consumer.
    await vi.waitFor(async () => expect(await analytics.prepare("SELECT count(*) AS n FROM analytics_dead_letters").first("n")).toBe(1), { ...WITHIN, timeout: 110_000 });
    const page = await site.adminPage();
    expect(page.status).toBe(200);
    expect(statOf(page.html, "dead-letters")).toBe(1);
  }, 180_000);
});

describe("per-client limits in the Durable Object", () => {
  it("limits batches per minute per client, other clients unaffected, with no D1 write", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await site.post(eventBatch(1, "cta_click"), "203.0.113.80")).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await site.post(eventBatch(1, "cta_click"), "203.0.113.81")).status).toBe(202);
    expect(await analyticsLimitRows()).toBe(0);
  });

  it("counts an IPv6 client by its /64 (ADR 0034): a fresh address in the same /64 is the same client", async () => {
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await site.post(eventBatch(1, "cta_click"), `2001:db8:80:1::${i}`)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    expect((await site.post(eventBatch(1, "cta_click"), "2001:db8:80:1:ffff::6")).status).toBe(429);
    expect((await site.post(eventBatch(1, "cta_click"), "2001:db8:80:2::1")).status).toBe(202);
  });

  it("caps events per client per day: a batch that does not fit is refused and counts for nothing, a smaller one still fits", async () => {
    const ip = "203.0.113.90";
    expect((await site.post(eventBatch(30, "cta_click"), ip)).status).toBe(202);
    const refused = await site.post(eventBatch(11, "cta_click"), ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/today/);
    expect((await site.post(eventBatch(10, "cta_click"), ip)).status).toBe(202);
    expect((await site.post(eventBatch(1, "cta_click"), ip)).status).toBe(429);
  });
});

/** Opens /home as a browser from `ip` (the edge assigns variants and sets lv_ab); its lv_ab cookie. */
async function visitHome(ip: string): Promise<{ cookie: string }> {
  const home = await site.app.fetch(new Request("http://127.0.0.1:8788/home", { headers: { "User-Agent": BROWSER_UA, "CF-Connecting-IP": ip } }));
  return { cookie: abCookiePair(home.headers.get("Set-Cookie")) };
}

/** The test and variant of every running A/B test the visitor of this cookie was assigned, sorted by test. */
const assignedVariants = async (cookie: string) =>
  Object.values(await assignmentsOfCookie(cookie))
    .filter((a) => a.active)
    .map((a) => ({ test: a.test, variant: a.variant }))
    .sort((a, b) => a.test.localeCompare(b.test));

/** A sign-up through the waitlist form as the visitor's browser sends it (form page `page`, for the consent record). */
const signUp = (email: string, ip: string, cookie: string, page = "/home") =>
  formPost(SIGN_UP_ACTION, { email, name: "Ada", submissionTime: String(Date.now() - 5_000) }, ip, { "User-Agent": BROWSER_UA, Cookie: cookie, Referer: `http://127.0.0.1:8788${page}` });

const serverConversions = async () =>
  (await analytics.prepare("SELECT properties FROM analytics_events WHERE name = 'ab_test_signup'").all<{ properties: string }>()).results.map(
    (row) => JSON.parse(row.properties) as { test: string; variant: string },
  );

describe("A/B conversions", () => {
  it("are recorded by the server when a sign-up is confirmed at once (email off), for the variants the visitor was assigned", async () => {
    const { cookie } = await visitHome("203.0.113.100");
    const expected = await assignedVariants(cookie);
    expect((await site.app.fetch(signUp("ab-convert@example.com", "203.0.113.100", cookie))).status).toBe(200);
    await site.app.settle();
    const stored = await vi.waitFor(async () => {
      const rows = await serverConversions();
      expect(rows).toHaveLength(expected.length);
      return rows;
    }, WITHIN);
    expect(stored.sort((a, b) => a.test.localeCompare(b.test))).toEqual(expected);

    // The same address again: no new entry, no new conversion.
    expect((await site.app.fetch(signUp("ab-convert@example.com", "203.0.113.100", cookie))).status).toBe(409);
    await site.app.settle();
    expect((await site.post(eventBatch(1, "page_view", {}, "/after-duplicate"), "203.0.113.101")).status).toBe(202);
    await vi.waitFor(async () => expect((await storedOn(analytics, "/after-duplicate")).events).toBe(1), WITHIN);
    expect(await serverConversions()).toHaveLength(expected.length);
  });
});


/**
 * What production pays in D1 statements (issue 29: per sign-up, per 1,000 events), counted by a probe
 * in front of each real binding: the site's DB and ANALYTICS_DB, and the consumer's ANALYTICS_DB. A
 * statement is one SQL statement D1 runs; a call is one round trip (a batch is one transaction).
 */
describe("D1 statements, counted at the bindings", () => {
  /** The site with `overrides` and a probe in front of each of its databases; the calls each probe let through. */
  function probedSite(overrides: Partial<CloudflareEnv> = {}) {
    const db = d1Probe(runner.DB);
    const siteAnalytics = d1Probe(runner.ANALYTICS_DB);
    return { db: recordCalls(db), analytics: recordCalls(siteAnalytics), fetch: site.app.withEnv({ DB: db.db, ANALYTICS_DB: siteAnalytics.db, ...overrides }) };
  }

  /** Publishes the calls' count for `npm run bench` (statement-counts.ts). */
  const publish = (annotate: TestContext["annotate"], figure: string, calls: readonly RecordedCall[], events?: number) =>
    publishCount(annotate, figure, { statements: calls.reduce((sum, call) => sum + call.statements, 0), calls: calls.length }, events === undefined ? undefined : { count: events, unit: "events" });

  it("a sign-up: 1 statement to DB (its entry) in 1 call, none to ANALYTICS_DB; its A/B conversions reach ANALYTICS_DB only through the consumer, 4 statements in 1 batch", async ({ annotate }) => {
    const consumerCalls = recordCalls(probeTheConsumer(), "/statements-sign-up");
    const { cookie } = await visitHome("203.0.113.110");
    expect((await assignedVariants(cookie)).length).toBeGreaterThan(0);
    const probed = probedSite();
    expect((await probed.fetch(signUp("statements@example.com", "203.0.113.110", cookie, "/statements-sign-up"))).status).toBe(200);
    await site.app.settle();
    expect(probed.db).toEqual([ranBatch(1)]);
    expect(probed.analytics).toEqual([]);
    await vi.waitFor(() => expect(consumerCalls, "the consumer's batches carrying the conversions").toEqual([ranBatch(4)]), WITHIN);
    await publish(annotate, "a sign-up, email off: the site's DB", probed.db);
    await publish(annotate, "a sign-up, email off: the site's ANALYTICS_DB", probed.analytics);
    await publish(annotate, "a sign-up's A/B conversions: the consumer's ANALYTICS_DB (a batch of its own)", consumerCalls);
  });

  it("a sign-up with email on: 3 statements to DB in 1 call (the entry, its confirmation in the outbox, the come-back mark of a suppressed address: one transaction), none to ANALYTICS_DB", async ({ annotate }) => {
    const probed = probedSite({ EMAIL_API_KEY: "re_statements_test_key", EMAIL_FROM: "LinkVault <hello@linkvault.example>" });
    const answer = await probed.fetch(formPost(SIGN_UP_ACTION, { email: "statements-email-on@example.com", name: "Ada", submissionTime: String(Date.now() - 5_000) }, "203.0.113.111"));
    expect(await answer.json()).toMatchObject({ state: "success", pendingConfirmation: true });
    await site.app.settle();
    expect(probed.db).toEqual([ranBatch(3)]);
    expect(probed.analytics).toEqual([]);
    await publish(annotate, "a sign-up, email on: the site's DB", probed.db);
    await publish(annotate, "a sign-up, email on: the site's ANALYTICS_DB", probed.analytics);
  });

  it("POST /api/events: no statement to DB (the limits are the Durable Object's) nor to ANALYTICS_DB (the beacon goes to the queue)", async ({ annotate }) => {
    const probed = probedSite();
    expect((await probed.fetch(eventsRequest(eventBatch(20, "page_view", {}, "/statements-events"), "203.0.113.112"))).status).toBe(202);
    expect(probed.db).toEqual([]);
    expect(probed.analytics).toEqual([]);
    await publish(annotate, "POST /api/events: the site's DB", probed.db, 20);
    await publish(annotate, "POST /api/events: the site's ANALYTICS_DB", probed.analytics, 20);
  });

  it("the consumer stores a batch in 4 statements and 1 call whatever its size: 1 message of 1 event, or a full batch (100 messages) of 1,000 events", async ({ annotate }) => {
    // 100 is max_batch_size in workers/jobs/wrangler.toml.
    for (const [messages, eventsEach] of [[1, 1], [100, 10]] as const) {
      const probe = d1Probe(runner.ANALYTICS_DB);
      const calls = recordCalls(probe);
      const path = `/statements-batch-${messages}`;
      const batch = createMessageBatch(
        ANALYTICS_QUEUE_NAME,
        Array.from({ length: messages }, (_, i) => ({ id: `${path}-${i}`, timestamp: new Date(), attempts: 1, body: beacon(`statements-${messages}-${i}`, eventsEach, path) })),
      );
      await jobs.queue(batch, { ...runner, ANALYTICS_DB: probe.db });
      expect((await getQueueResult(batch, createExecutionContext())).explicitAcks, path).toHaveLength(messages);
      expect(calls, path).toEqual([ranBatch(4)]);
      expect((await storedOn(analytics, path)).events, path).toBe(messages * eventsEach);
      await publish(annotate, `the consumer, a batch of ${messages} ${messages === 1 ? "message" : "messages"}: ANALYTICS_DB`, calls, messages * eventsEach);
    }
  });

  it("when the queue refuses the beacon, the site stores it itself with the consumer's 4 statements in 1 call, and still none to DB", async ({ annotate }) => {
    const probed = probedSite({ ANALYTICS_QUEUE: unreachableQueue() });
    expect((await probed.fetch(eventsRequest(eventBatch(20, "page_view", {}, "/statements-direct"), "203.0.113.113"))).status).toBe(202);
    expect(probed.db).toEqual([]);
    expect(probed.analytics).toEqual([ranBatch(4)]);
    await publish(annotate, "POST /api/events when the queue refuses it: the site's DB", probed.db, 20);
    await publish(annotate, "POST /api/events when the queue refuses it: the site's ANALYTICS_DB", probed.analytics, 20);
  });
});
