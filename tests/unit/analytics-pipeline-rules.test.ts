/**
 * The pure rules of the analytics pipeline (ADR 0037, 0038): per-client limits in one call (all rules
 * or none), the consumer's retry delays, the retention's cutoff, beacons split under D1's value cap,
 * and the beacon a batch becomes.
 */
import { describe, expect, it } from "vitest";
import { applyLimits, expiredScopes, type WindowCount } from "~/lib/client-limits";
import { beaconSchema } from "~/features/analytics/beacon.server";
import { batchFacts, beaconFrom, validEvents } from "~/features/analytics/collector-rules.server";
import { chunkBeacons } from "~/features/analytics/ingest.server";
import { retryDelaySeconds } from "~/features/analytics/jobs.server";
import { retentionCutoff } from "~/features/analytics/retention.server";

const MINUTE = { scope: "analytics", max: 3, windowSeconds: 60 };
const DAY = (cost: number) => ({ scope: "analytics-events-day", max: 100, windowSeconds: 86_400, cost });

describe("applyLimits", () => {
  it("counts an allowed request towards every rule, with its cost", () => {
    const counters = new Map<string, WindowCount>();
    const now = Date.UTC(2026, 0, 5, 10, 0, 30);
    expect(applyLimits(counters, [MINUTE, DAY(40)], now)).toEqual({ limited: false });
    expect(counters.get("analytics")).toEqual({ windowStart: Date.UTC(2026, 0, 5, 10, 0), windowSeconds: 60, hits: 1 });
    expect(counters.get("analytics-events-day")).toEqual({ windowStart: Date.UTC(2026, 0, 5), windowSeconds: 86_400, hits: 40 });
  });

  it("refuses a request over any rule, counts it towards none, and says until when", () => {
    const counters = new Map<string, WindowCount>();
    const now = Date.UTC(2026, 0, 5, 23, 0, 0);
    applyLimits(counters, [MINUTE, DAY(70)], now);
    const refused = applyLimits(counters, [MINUTE, DAY(31)], now);
    expect(refused).toEqual({ limited: true, scope: "analytics-events-day", retryAfterSeconds: 3600 });
    expect(counters.get("analytics")!.hits).toBe(1);
    expect(counters.get("analytics-events-day")!.hits).toBe(70);
    // What still fits passes.
    expect(applyLimits(counters, [MINUTE, DAY(30)], now)).toEqual({ limited: false });
  });

  it("starts a new window when the old one ended, and finds the ended ones", () => {
    const counters = new Map<string, WindowCount>();
    const now = Date.UTC(2026, 0, 5, 10, 0, 0);
    for (let i = 0; i < 3; i++) applyLimits(counters, [MINUTE], now);
    expect(applyLimits(counters, [MINUTE], now)).toMatchObject({ limited: true, retryAfterSeconds: 60 });
    expect(expiredScopes(counters, now + 60_000)).toEqual(["analytics"]);
    expect(applyLimits(counters, [MINUTE], now + 60_000)).toEqual({ limited: false });
  });
});

describe("the consumer and the cron", () => {
  it("retries a refused batch after 1, 2, 4 … seconds, never more than 30", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 11].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it("keeps raw events from midnight UTC, `days` days ago", () => {
    expect(retentionCutoff(400, Date.UTC(2026, 1, 10, 15, 30))).toBe(new Date(Date.UTC(2026, 1, 10) - 400 * 86_400_000).toISOString());
  });
});

describe("beacons", () => {
  const facts = batchFacts({ consent: "anonymous", events: [], referrer: "https://news.ycombinator.com/item?id=1", utm: { source: " launch " } }, "linkvault.app", null, Date.UTC(2026, 0, 5));

  it("carry what the collector keeps, valid against the consumer's schema", () => {
    const { events } = validEvents([{ name: "page_view", at: Date.UTC(2026, 0, 5) - 1000, path: "/home?email=a@b.c", properties: { title: "Home", email: "a@b.c" } }]);
    const beacon = beaconFrom(events, facts, "beacon-id-0001");
    expect(beaconSchema.parse(beacon)).toEqual(beacon);
    expect(beacon).toMatchObject({ id: "beacon-id-0001", consent: "anonymous", referrerHost: "news.ycombinator.com", utmSource: "launch", visitorHash: null });
    expect(beacon.events).toEqual([{ name: "page_view", occurredAt: "2026-01-04T23:59:59.000Z", path: "/home", properties: { title: "Home" } }]);
  });

  it("are split into statements under the size limit, never one beacon across two", () => {
    const beacon = beaconFrom(validEvents([{ name: "cta_click", at: Date.UTC(2026, 0, 5), path: "/", properties: { id: "x".repeat(200) } }]).events, facts, "b-00000000");
    const many = Array.from({ length: 20 }, (_, i) => ({ ...beacon, id: `b-${String(i).padStart(8, "0")}` }));
    const size = JSON.stringify(many[0]).length;
    const chunks = chunkBeacons(many, size * 6);
    expect(chunks.every((chunk) => chunk.length <= size * 6)).toBe(true);
    expect(chunks.flatMap((chunk) => (JSON.parse(chunk) as { id: string }[]).map((b) => b.id))).toEqual(many.map((b) => b.id));
    expect(chunkBeacons(many.slice(0, 1), 10)).toHaveLength(1);
  });
});
