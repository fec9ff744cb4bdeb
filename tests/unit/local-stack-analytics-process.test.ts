/**
 * The local stack's second workerd process (ADR 0040): which process owns which database and queue,
 * read from the real wrangler configs, and the retry of a request sent on a connection the other
 * process had just closed. The processes themselves run in tests/integration/local-stack-analytics-process.test.ts.
 */
import type { WorkerOptions } from "miniflare";
import { describe, expect, it } from "vitest";
import { COLLECTOR_PATH } from "~/features/analytics/collector.server";
import { MAX_REQUEST_BODY_BYTES } from "~/lib/constants";
import { ANALYTICS_PROCESS, analyticsOwnership, MAX_PASSED_BODY_BYTES, processWorkers, SEND_ACROSS, type SplitPlan } from "../../scripts/local-stack/analytics-process.mjs";
import { JOBS_CONFIG, SITE_CONFIG, workerFromConfig } from "../../scripts/local-stack/config.mjs";

type SendAcross = (target: { fetch(request: Request): Promise<Response> }, url: string, init: RequestInit) => Promise<Response>;
const sendAcross = new Function(`${SEND_ACROSS}; return sendAcross;`)() as SendAcross;

describe("sending to the other process", () => {
  it("sends again, with the same body, when the connection was lost before an answer", async () => {
    const bodies: string[] = [];
    let failures = 2;
    const target = {
      async fetch(request: Request) {
        bodies.push(await request.text());
        if (failures-- > 0) throw new Error("Network connection lost.");
        return new Response("stored", { status: 202 });
      },
    };
    const response = await sendAcross(target, "http://other/api/events", { method: "POST", body: '{"events":[1]}' });
    expect(response.status).toBe(202);
    expect(bodies).toEqual(['{"events":[1]}', '{"events":[1]}', '{"events":[1]}']);
  });

  it("gives any other error to the caller at once, and a lost connection after ten tries", async () => {
    let calls = 0;
    const refusing = { fetch: async () => (calls++, Promise.reject(new Error("D1_ERROR: no such table: nope"))) };
    await expect(sendAcross(refusing, "http://other/d1/query", { method: "POST", body: "{}" })).rejects.toThrow(/no such table/);
    expect(calls).toBe(1);
    calls = 0;
    const gone = { fetch: async () => (calls++, Promise.reject(new Error("Network connection lost."))) };
    await expect(sendAcross(gone, "http://other/api/events", { method: "POST", body: "{}" })).rejects.toThrow(/connection lost/);
    expect(calls).toBe(10);
  });
});

describe("what each process owns, from the wrangler configs", () => {
  const site = { ...workerFromConfig(SITE_CONFIG).workerOptions, name: "site" } as WorkerOptions;
  const jobs = { ...workerFromConfig(JOBS_CONFIG).workerOptions, name: "jobs" } as WorkerOptions;
  const plan: SplitPlan = { key: "k".repeat(64), gatewayPorts: { site: 40001, analytics: 40002 }, analyticsPort: 40003 };
  const ownership = analyticsOwnership(site, jobs);
  const byName = (workers: WorkerOptions[], name: string) => workers.find((w) => w.name === name)!;

  it("answers the collector's path in the analytics process", () => {
    expect(ANALYTICS_PROCESS.paths).toEqual([COLLECTOR_PATH]);
  });

  it("passes on more of a body than the site takes, so the analytics process refuses it by its size", () => {
    expect(MAX_PASSED_BODY_BYTES).toBeGreaterThan(MAX_REQUEST_BODY_BYTES);
  });

  it("gives the analytics process ANALYTICS_DB and the analytics queues, the site process the rest", () => {
    const siteProcess = processWorkers([site, jobs], "site", { ownership, plan });
    const analyticsProcess = processWorkers([site, jobs], "analytics", { ownership, plan });

    expect(byName(siteProcess, "site").d1Databases).toEqual({ DB: "00000000-0000-4000-8000-000000000001" });
    expect(byName(siteProcess, "site").wrappedBindings).toEqual({ ANALYTICS_DB: "remote-d1-ANALYTICS_DB", ANALYTICS_QUEUE: "remote-queue-ANALYTICS_QUEUE" });
    expect(Object.keys(byName(siteProcess, "jobs").queueConsumers ?? {}).sort()).toEqual(["linkvault-email", "linkvault-email-dlq"]);

    expect(byName(analyticsProcess, "site").d1Databases).toEqual({ ANALYTICS_DB: "00000000-0000-4000-8000-000000000003" });
    expect(byName(analyticsProcess, "site").wrappedBindings).toEqual({ DB: "remote-d1-DB", EMAIL_QUEUE: "remote-queue-EMAIL_QUEUE" });
    expect(Object.keys(byName(analyticsProcess, "jobs").queueConsumers ?? {}).sort()).toEqual(["linkvault-analytics", "linkvault-analytics-dlq"]);
  });

  it("exposes on each gateway only what the other process binds, on 127.0.0.1, behind the key", () => {
    const siteGateway = byName(processWorkers([site, jobs], "site", { ownership, plan }), "site-gateway");
    expect(siteGateway.unsafeDirectSockets).toEqual([{ host: "127.0.0.1", port: 40001 }]);
    expect(siteGateway.bindings).toEqual({ GATEWAY_KEY: plan.key, EXPOSED: { d1: ["DB"], queues: ["EMAIL_QUEUE"] } });
    const analyticsGateway = byName(processWorkers([site, jobs], "analytics", { ownership, plan }), "analytics-gateway");
    expect(analyticsGateway.unsafeDirectSockets).toEqual([{ host: "127.0.0.1", port: 40002 }]);
    expect(analyticsGateway.bindings).toEqual({ GATEWAY_KEY: plan.key, EXPOSED: { d1: ["ANALYTICS_DB"], queues: ["ANALYTICS_QUEUE"] } });
  });
});
