/**
 * "Nothing lost" (issue 19): 100,000 events offered through the full local HTTP stack (the real site
 * build and the real companion Worker in one Miniflare, ADR 0032) by 50 concurrent clients, each with
 * its own address, while, along the way:
 *   - the analytics queue's consumer is stopped and started again;
 *   - one batch fails twice before it succeeds;
 *   - the commit of one batch succeeds but its reply is lost (the queue delivers it again);
 *   - D1 (the analytics database) fails for 10 seconds.
 * After the queue drains, the admin's analytics page counts exactly the events the collector
 * accepted, and the daily counts equal a fresh count of the stored events.
 *
 * The faults come from test-only instruments (scripts/local-stack/instruments.mjs): a probe in front
 * of the jobs worker's ANALYTICS_DB binding and a gate in front of the queue's consumer. Each is
 * switched by the progress of the load (answers received, batches waiting, failures seen), never by
 * a sleep; the 10 seconds of the outage are the fault itself, not a wait for something.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAnalyticsStack, statOf, waitFor, type AnalyticsStack } from "../support/analytics-stack";

const CLIENTS = 50;
const BATCHES_PER_CLIENT = 40;
const EVENTS_PER_BATCH = 50; // the collector's maximum
const TOTAL_BATCHES = CLIENTS * BATCHES_PER_CLIENT;
const MARKED_BATCH = { client: 17, batch: 25 };

let s: AnalyticsStack;
beforeAll(async () => {
  // The default limits (120 batches a minute, 5,000 events a day per client) let each client's 40 batches through.
  s = await startAnalyticsStack();
}, 180_000);
afterAll(() => s?.close());

/** Resolves once `count()` reaches `n` (the load's progress). */
const reached = (count: () => number, n: number, what: string) => waitFor(count, (value) => value >= n, 600_000, what);

it("counts exactly the events accepted, through a stopped consumer, a batch failing twice, a lost reply and 10 s of D1 failing", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  let answered = 0;
  let accepted = 0;
  let acceptedBatches = 0;
  const statuses = new Map<number, number>();

  async function client(c: number) {
    const ip = `198.18.${Math.floor(c / 200)}.${(c % 200) + 1}`;
    for (let b = 0; b < BATCHES_PER_CLIENT; b++) {
      const marked = c === MARKED_BATCH.client && b === MARKED_BATCH.batch;
      const at = Date.now();
      const events = Array.from({ length: EVENTS_PER_BATCH }, () => ({ name: "page_view", at, path: "/load", properties: marked ? { marker: "fails-twice" } : {} }));
      const response = await s.postOnce("/api/events", { consent: "anonymous", events }, { "CF-Connecting-IP": ip });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 202) {
        accepted += (JSON.parse(response.body) as { accepted: number }).accepted;
        acceptedBatches++;
      }
      answered++;
    }
  }

  async function faults() {
    // The consumer stops a tenth of the way in, and starts again once batches have waited for it.
    await reached(() => answered, TOTAL_BATCHES * 0.1, "10% answered");
    s.gate.stop();
    await reached(() => s.gate.state.waiting, 1, "a batch waiting for the stopped consumer");
    await reached(() => answered, TOTAL_BATCHES * 0.3, "30% answered");
    s.gate.start();
    // One batch (the one with the marked beacon) fails twice, then succeeds.
    s.probe.failBatchContaining("fails-twice", 2);
    // One committed batch loses its reply.
    await reached(() => answered, TOTAL_BATCHES * 0.4, "40% answered");
    s.probe.loseReplyOnce();
    // D1 fails for 10 seconds, while batches arrive.
    await reached(() => answered, TOTAL_BATCHES * 0.6, "60% answered");
    const failuresBefore = s.probe.state.failures;
    s.probe.failFor(10_000);
    await reached(() => s.probe.state.failures, failuresBefore + 1, "a D1 call refused during the outage");
  }

  await Promise.all([...Array.from({ length: CLIENTS }, (_, c) => client(c)), faults()]);
  expect(answered).toBe(TOTAL_BATCHES);
  // Nothing answered 5xx; every accepted batch is one queue message.
  expect(Object.fromEntries(statuses)).toEqual({ 202: TOTAL_BATCHES });
  expect(accepted).toBe(acceptedBatches * EVENTS_PER_BATCH);

  // The queue drains: every accepted batch's message acknowledged, nothing in flight or waiting.
  await waitFor(() => s.gate.state, (g) => g.acked.size === acceptedBatches && g.inFlight === 0 && g.waiting === 0, 600_000, "the queue drained");
  expect(s.probe.state.target?.failed).toBe(2);
  expect(s.probe.state.lostReplies).toBe(1);

  const analytics = await s.analytics();
  expect(await analytics.prepare("SELECT count(*) AS n FROM analytics_dead_letters").first("n")).toBe(0);
  expect(await analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE path = '/load'").first("n")).toBe(accepted);
  const [kept, recounted] = await analytics.batch([
    analytics.prepare("SELECT day, value, n FROM analytics_daily_counts WHERE name = 'page_view' AND facet = 'path' ORDER BY day, value"),
    analytics.prepare("SELECT day, value, count(*) AS n FROM analytics_event_facets WHERE name = 'page_view' AND facet = 'path' GROUP BY day, value ORDER BY day, value"),
  ]);
  expect(kept!.results).toEqual(recounted!.results);

  // The admin's page: the page views of the range are the events accepted, exactly.
  const cookie = await s.signIn();
  const page = await fetch(new URL(`/admin/analytics?from=${yesterday}&to=${today}`, s.stack.url), { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(statOf(html, "stat-page-views")).toBe(accepted);
  expect(statOf(html, "dead-letters")).toBe(0);
}, 900_000);
