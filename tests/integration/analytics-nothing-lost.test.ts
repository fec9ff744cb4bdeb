/**
 * "Nothing lost" (issue 19): 100,000 events offered to the site by 50 concurrent clients, each with its
 * own address, through the real collector, the real analytics queue and the companion Worker's real
 * consumer in the test runner, while, along the way:
 *   - the analytics queue's consumer is stopped and started again;
 *   - one batch fails twice before it succeeds;
 *   - the commit of one batch succeeds but its reply is lost (the queue delivers it again);
 *   - D1 (the analytics database) fails for 10 seconds.
 * After the queue drains, the admin's analytics page counts exactly the events the collector
 * accepted, and the daily counts equal a fresh count of the stored events.
 *
 * The faults come from jobs-hooks.ts: holdQueue() stops the consumer, a probe (d1-probe.ts) stands in
 * front of its ANALYTICS_DB. Each is switched by the progress of the load (answers received, batches
 * waiting, failures seen), never by a sleep; the 10 seconds of the outage are the fault itself, not a
 * wait for something.
 */
import { expect, it, vi } from "vitest";
import { ANALYTICS_QUEUE_NAME } from "~/features/analytics/jobs.server";
import { runner } from "../support/app";
import { openAnalyticsSite, statOf } from "../support/analytics-pipeline";
import { d1Probe } from "../support/d1-probe";
import { changeJobsEnv, holdQueue } from "../support/jobs-hooks";

const CLIENTS = 50;
const BATCHES_PER_CLIENT = 40;
const EVENTS_PER_BATCH = 50; // the collector's maximum
const TOTAL_BATCHES = CLIENTS * BATCHES_PER_CLIENT;
const MARKED_BATCH = { client: 17, batch: 25 };
/** A guard against a hang, not a wait. */
const GUARD = { timeout: 600_000, interval: 50 };

/** Resolves once `count()` reaches `n` (the load's progress). */
const reached = (count: () => number, n: number, what: string) =>
  vi.waitFor(() => {
    if (count() < n) throw new Error(`${what}: ${count()} of ${n}`);
  }, GUARD);

/** The beacon ids a consumer's D1 batch stores (the JSON bound to its statements). */
function beaconIds(values: readonly unknown[]): string[] {
  const json = values.find((value): value is string => typeof value === "string" && value.startsWith("["));
  return json ? (JSON.parse(json) as { id: string }[]).map((beacon) => beacon.id) : [];
}

it("counts exactly the events accepted, through a stopped consumer, a batch failing twice, a lost reply and 10 s of D1 failing", async () => {
  // The default limits (120 batches a minute, 5,000 events a day per client) let each client's 40 batches through.
  const site = await openAnalyticsSite();
  const probe = d1Probe(runner.ANALYTICS_DB);
  changeJobsEnv((env) => ({ ...env, ANALYTICS_DB: probe.db }));
  // A beacon is acknowledged once a consumer batch that stores it has run and answered: its handler acks it then.
  const acknowledged = new Set<string>();
  probe.observe((call, outcome) => {
    if (call.method === "batch" && outcome === "ran") for (const statement of call.statements) for (const id of beaconIds(statement.values)) acknowledged.add(id);
  });

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
      const response = await site.post({ consent: "anonymous", events }, ip);
      const answer = (await response.json()) as { accepted?: number };
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 202) {
        accepted += answer.accepted ?? 0;
        acceptedBatches++;
      }
      answered++;
    }
  }

  let marked: { readonly refused: number } | undefined;
  async function faults() {
    // The consumer stops a tenth of the way in, and starts again once batches have waited for it.
    await reached(() => answered, TOTAL_BATCHES * 0.1, "10% answered");
    const consumer = holdQueue(ANALYTICS_QUEUE_NAME);
    await reached(() => consumer.held, 1, "a batch waiting for the stopped consumer");
    await reached(() => answered, TOTAL_BATCHES * 0.3, "30% answered");
    consumer.open();
    // One batch (the one with the marked beacon) fails twice, then succeeds.
    marked = probe.refuseBatchesCarrying("fails-twice", 2);
    // One committed batch loses its reply.
    await reached(() => answered, TOTAL_BATCHES * 0.4, "40% answered");
    probe.loseNextReply();
    // D1 fails for 10 seconds, while batches arrive.
    await reached(() => answered, TOTAL_BATCHES * 0.6, "60% answered");
    const refusedBefore = probe.refused;
    probe.failFor(10_000);
    await reached(() => probe.refused, refusedBefore + 1, "a D1 call refused during the outage");
  }

  await Promise.all([...Array.from({ length: CLIENTS }, (_, c) => client(c)), faults()]);
  expect(answered).toBe(TOTAL_BATCHES);
  // Nothing answered 5xx; every accepted batch is one queue message (one beacon).
  expect(Object.fromEntries(statuses)).toEqual({ 202: TOTAL_BATCHES });
  expect(accepted).toBe(acceptedBatches * EVENTS_PER_BATCH);

  // The queue drains: every accepted batch's beacon stored by a consumer batch that ran and was acknowledged.
  await reached(() => acknowledged.size, acceptedBatches, "beacons acknowledged");
  expect(acknowledged.size).toBe(acceptedBatches);
  expect(marked?.refused).toBe(2);
  expect(probe.lostReplies).toBe(1);

  const analytics = site.app.analytics;
  expect(await analytics.prepare("SELECT count(*) AS n FROM analytics_dead_letters").first("n")).toBe(0);
  expect(await analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE path = '/load'").first("n")).toBe(accepted);
  const [kept, recounted] = await analytics.batch([
    analytics.prepare("SELECT day, value, n FROM analytics_daily_counts WHERE name = 'page_view' AND facet = 'path' ORDER BY day, value"),
    analytics.prepare("SELECT day, value, count(*) AS n FROM analytics_event_facets WHERE name = 'page_view' AND facet = 'path' GROUP BY day, value ORDER BY day, value"),
  ]);
  expect(kept!.results).toEqual(recounted!.results);

  // The admin's page: the page views of the range are the events accepted, exactly.
  const page = await site.adminPage(`from=${yesterday}&to=${today}`);
  expect(page.status).toBe(200);
  expect(statOf(page.html, "stat-page-views")).toBe(accepted);
  expect(statOf(page.html, "dead-letters")).toBe(0);
}, 900_000);
