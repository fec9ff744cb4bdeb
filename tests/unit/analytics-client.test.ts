import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AB_ASSIGNED_STORAGE_KEY,
  AB_IMPRESSIONS_STORAGE_KEY,
  impressionDue,
  parseAssignments,
  recordConversions,
  recordExposures,
  type SeenAssignment,
} from "~/features/analytics/browser/ab-events";
import { Batcher } from "~/features/analytics/browser/batcher";
import { collectorBatchSchema, EVENT_PROPERTY_SCHEMAS } from "~/features/analytics/catalogue";
import {
  BATCH_INTERVAL_MS,
  BATCH_MAX_EVENTS,
  buildBatchBodies,
  consentLevelAt,
  landingContext,
  LANDING_STORAGE_KEY,
  sanitizeProperties,
  sessionId,
  toCollectorEvent,
  type QueuedEvent,
} from "~/features/analytics/browser/sink";
import { parseAnalyticsConfig } from "~/features/analytics/config";
import { AnalyticsErrors } from "~/features/analytics/browser/errors";
import { ANALYTICS_ERROR_LIMIT, ANALYTICS_MESSAGES } from "~/features/analytics/browser/messages";
import { outboundLink, pageLoadTiming } from "~/features/analytics/browser/page-events";
import { memoryCheck, metricEntry, storeMetric, summarizeResources, PERFORMANCE_STORAGE_KEY, MAX_STORED_METRICS } from "~/features/analytics/browser/performance";
import { reachedThresholds, scrollPercent } from "~/features/analytics/browser/scroll-depth";
import { deliverBatch, type TransportDeps } from "~/features/analytics/browser/transport";
import { IMPRESSION_DEDUPE_MS } from "~/lib/constants";
import type { ConsentChoices, StoredConsent } from "~/lib/consent";

/** Session storage stand-in. */
class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("scroll depth", () => {
  const at = (scrollY: number) => scrollPercent({ scrollY, viewportHeight: 1000, documentHeight: 5000 });

  it("measures the share of the scrollable distance covered: 0 at the top, 100 at the bottom", () => {
    expect(at(0)).toBe(0);
    expect(at(1000)).toBe(25);
    expect(at(2000)).toBe(50);
    expect(at(3999)).toBe(100); // within 2 px of the bottom
    expect(at(4000)).toBe(100);
  });

  it("reports nothing for a page that does not scroll", () => {
    expect(scrollPercent({ scrollY: 0, viewportHeight: 1000, documentHeight: 1001 })).toBeNull();
    expect(reachedThresholds(null, new Set())).toEqual([]);
  });

  it("gives exactly the thresholds 25, 50, 75 and 100, each once, lowest first", () => {
    const reported = new Set<number>();
    const fire = (percent: number | null) => {
      const reached = reachedThresholds(percent, reported);
      reached.forEach((t) => reported.add(t));
      return reached;
    };
    expect(fire(24.9)).toEqual([]);
    expect(fire(25)).toEqual([25]);
    expect(fire(80)).toEqual([50, 75]); // a jump reports every threshold passed
    expect(fire(30)).toEqual([]);
    expect(fire(100)).toEqual([100]);
    expect(fire(100)).toEqual([]);
  });
});

describe("A/B impression dedupe and events", () => {
  const assignments: SeenAssignment[] = [
    { test: "hero_cta", variant: "control", active: true },
    { test: "waitlist_cta", variant: "exclusive", active: true },
    { test: "hero_headline", variant: "control", active: false },
  ];

  it("allows one impression per 60 s window", () => {
    expect(IMPRESSION_DEDUPE_MS).toBe(60_000);
    expect(impressionDue(undefined, 1000)).toBe(true);
    expect(impressionDue(1000, 1000 + 59_999)).toBe(false);
    expect(impressionDue(1000, 1000 + 60_000)).toBe(true);
    expect(impressionDue(5000, 1000)).toBe(true); // the clock went backwards
  });

  it("records the assignment once per session and impressions at most once per 60 s per test and variant", () => {
    const storage = new MemoryStorage();
    const events: [string, Record<string, unknown>][] = [];
    const track = (name: string, properties: Record<string, unknown>) => events.push([name, properties]);
    const t0 = 1_000_000;
    recordExposures(assignments, storage, t0, track);
    expect(events).toEqual([
      ["ab_test_variant_assigned", { test: "hero_cta", variant: "control" }],
      ["ab_test_impression", { test: "hero_cta", variant: "control" }],
      ["ab_test_variant_assigned", { test: "waitlist_cta", variant: "exclusive" }],
      ["ab_test_impression", { test: "waitlist_cta", variant: "exclusive" }],
    ]);
    events.length = 0;
    recordExposures(assignments, storage, t0 + 30_000, track);
    expect(events).toEqual([]);
    recordExposures(assignments, storage, t0 + 60_000, track);
    expect(events.map(([name]) => name)).toEqual(["ab_test_impression", "ab_test_impression"]);
    // A new variant (the test was edited) is a new assignment and its own impression window.
    events.length = 0;
    recordExposures([{ test: "hero_cta", variant: "urgency_driven", active: true }], storage, t0 + 61_000, track);
    expect(events.map(([name]) => name)).toEqual(["ab_test_variant_assigned", "ab_test_impression"]);
    expect(JSON.parse(storage.getItem(AB_ASSIGNED_STORAGE_KEY)!)).toEqual({ hero_cta: "urgency_driven", waitlist_cta: "exclusive" });
    expect(Object.keys(JSON.parse(storage.getItem(AB_IMPRESSIONS_STORAGE_KEY)!))).toHaveLength(3);
  });

  it("without storage, still records (once per page view)", () => {
    const events: string[] = [];
    recordExposures(assignments, null, 1, (name) => events.push(name));
    expect(events).toHaveLength(4);
  });

  it("converts every active test, from the page or else from the last assignment seen this session", () => {
    const storage = new MemoryStorage();
    const conversions: Record<string, unknown>[] = [];
    const track = (_: string, properties: Record<string, unknown>) => conversions.push(properties);
    recordConversions(assignments, storage, "waitlist_signup", track);
    expect(conversions).toEqual([
      { test: "hero_cta", variant: "control", goal: "waitlist_signup" },
      { test: "waitlist_cta", variant: "exclusive", goal: "waitlist_signup" },
    ]);
    conversions.length = 0;
    recordExposures(assignments, storage, 1, () => {});
    recordConversions([], storage, "waitlist_signup", track); // a page without #ab-assignments
    expect(conversions).toHaveLength(2);
  });

  it("reads the edge's assignment block and ignores anything unreadable", () => {
    expect(parseAssignments('{"hero_cta":{"test":"hero_cta","variant":"control","label":"x","active":true}}')).toEqual([
      { test: "hero_cta", variant: "control", active: true },
    ]);
    expect(parseAssignments("{not json")).toEqual([]);
    expect(parseAssignments(null)).toEqual([]);
  });
});

describe("batching", () => {
  it("sends at 20 events, 5 s after the first event of a batch, or when flushed", () => {
    vi.useFakeTimers();
    const sent: [number[], string][] = [];
    const batcher = new Batcher<number>({ maxItems: BATCH_MAX_EVENTS, intervalMs: BATCH_INTERVAL_MS, send: (items, reason) => sent.push([items, reason]) });
    expect([BATCH_MAX_EVENTS, BATCH_INTERVAL_MS]).toEqual([20, 5000]);

    for (let i = 0; i < 20; i++) batcher.add(i);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toHaveLength(20);
    expect(sent[0]![1]).toBe("size");

    batcher.add(20);
    vi.advanceTimersByTime(2000);
    batcher.add(21); // does not restart the clock
    vi.advanceTimersByTime(2999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent[1]).toEqual([[20, 21], "interval"]);

    batcher.add(22);
    batcher.flush("hidden");
    expect(sent[2]).toEqual([[22], "hidden"]);
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(3); // the timer was cancelled with the flush
    batcher.flush("hidden");
    expect(sent).toHaveLength(3); // nothing waiting, nothing sent

    batcher.add(23);
    batcher.clear();
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(3);
  });
});

describe("collector batches", () => {
  const consent = (analytics: boolean, date: string | null): StoredConsent => ({
    choices: { necessary: true, analytics, marketing: false, functional: false } as ConsentChoices,
    date,
  });
  const event = (name: string, at: number, level: QueuedEvent["consent"]): QueuedEvent => ({ name, at, path: "/home", properties: {}, consent: level });

  it("sends events as analytics only with analytics consent and after it was given", () => {
    const date = "2026-01-01T10:00:00.000Z";
    const given = Date.parse(date);
    expect(consentLevelAt(null, given)).toBe("anonymous");
    expect(consentLevelAt(consent(false, date), given + 1)).toBe("anonymous");
    expect(consentLevelAt(consent(true, date), given - 1)).toBe("anonymous");
    expect(consentLevelAt(consent(true, date), given)).toBe("analytics");
    expect(consentLevelAt(consent(true, null), 1)).toBe("analytics");
  });

  it("builds bodies that match the collector's contract: one per consent run, at most 20 events, the session only with consent", () => {
    const events = [
      ...Array.from({ length: 3 }, (_, i) => event("page_view", 1000 + i, "anonymous")),
      ...Array.from({ length: 25 }, (_, i) => event("scroll_depth", 2000 + i, "analytics")),
      event("faq_click", 3000, "anonymous"),
    ];
    const bodies = buildBatchBodies(events, (level) => (level === "analytics" ? { sessionId: "abcdefgh12345678", referrer: "https://search.example" } : { referrer: "https://search.example" }));
    const batches = bodies.map((body) => collectorBatchSchema.parse(JSON.parse(body)));
    expect(batches.map((b) => [b.consent, b.events.length, b.sessionId])).toEqual([
      ["anonymous", 3, undefined],
      ["analytics", 20, "abcdefgh12345678"],
      ["analytics", 5, "abcdefgh12345678"],
      ["anonymous", 1, undefined],
    ]);
    expect(JSON.parse(bodies[0]!).events[0]).toEqual({ name: "page_view", at: 1000, path: "/home", properties: {} });
  });

  it("halves a batch until it fits the size limit, and drops a single event that never fits", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const big = (name: string) => ({ ...event(name, 1, "anonymous"), properties: { text: "x".repeat(200) } });
    const bodies = buildBatchBodies([big("a"), big("b"), big("c"), big("d")], () => ({}), 20, 600);
    expect(bodies.map((body) => JSON.parse(body).events.length)).toEqual([2, 2]);
    expect(buildBatchBodies([big("huge")], () => ({}), 20, 100)).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it("keeps flat, short properties only and a path the collector accepts", () => {
    expect(sanitizeProperties({ ok: "x".repeat(400), n: 3, b: true, z: null, nan: Number.NaN, obj: { a: 1 }, "bad key": 1 })).toEqual({
      ok: "x".repeat(200),
      n: 3,
      b: true,
      z: null,
    });
    expect(toCollectorEvent({ name: "page_view", at: 12.6, path: "weird", properties: {} })).toEqual({ name: "page_view", at: 13, path: "/", properties: {} });
  });

  it("keeps one random session id per tab", () => {
    const storage = new MemoryStorage();
    const id = sessionId(storage);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sessionId(storage)).toBe(id);
    expect(sessionId(new MemoryStorage())).not.toBe(id);
  });

  it("records the landing's external referrer origin and UTM tags once per tab", () => {
    const storage = new MemoryStorage();
    const landing = landingContext("https://site.example/home?utm_source=news&utm_campaign=spring", "https://search.example/q?me=private", storage);
    expect(landing).toEqual({ referrer: "https://search.example", utm: { source: "news", campaign: "spring" } });
    expect(JSON.parse(storage.getItem(LANDING_STORAGE_KEY)!)).toEqual(landing);
    // Later pages of the same tab keep the landing's context.
    expect(landingContext("https://site.example/contact", "https://site.example/home", storage)).toEqual(landing);
    // An internal referrer is no referrer.
    expect(landingContext("https://site.example/contact", "https://site.example/home", new MemoryStorage())).toEqual({});
  });
});

describe("delivery", () => {
  const deps = (overrides: Partial<TransportDeps>): TransportDeps => ({
    fetch: vi.fn(async () => new Response(null, { status: 202 })),
    wait: vi.fn(async () => {}),
    ...overrides,
  });

  it("uses the beacon when the browser accepts it", async () => {
    const transport = deps({ sendBeacon: vi.fn(() => true) });
    expect(await deliverBatch("{}", transport)).toBeNull();
    expect(transport.sendBeacon).toHaveBeenCalledWith("/api/events", expect.any(Blob));
    expect(((transport.sendBeacon as ReturnType<typeof vi.fn>).mock.calls[0]![1] as Blob).type).toBe("application/json");
    expect(transport.fetch).not.toHaveBeenCalled();
  });

  it("falls back to fetch with keepalive when the beacon is refused or missing", async () => {
    const transport = deps({ sendBeacon: vi.fn(() => false) });
    expect(await deliverBatch("{}", transport)).toBeNull();
    expect(transport.fetch).toHaveBeenCalledWith("/api/events", expect.objectContaining({ method: "POST", keepalive: true }));
    expect(await deliverBatch("{}", deps({}))).toBeNull();
  });

  it("reports a network failure, retries a 5xx twice with growing delays, and drops a 4xx at once", async () => {
    expect(await deliverBatch("{}", deps({ fetch: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) }))).toBe(
      ANALYTICS_MESSAGES.batchNetworkError,
    );
    const failing = deps({ fetch: vi.fn(async () => new Response(null, { status: 503 })) });
    expect(await deliverBatch("{}", failing)).toBe(ANALYTICS_MESSAGES.batchRetriesExceeded);
    expect(failing.fetch).toHaveBeenCalledTimes(3);
    expect((failing.wait as ReturnType<typeof vi.fn>).mock.calls).toEqual([[1000], [2000]]);
    const invalid = deps({ fetch: vi.fn(async () => new Response(null, { status: 400 })) });
    expect(await deliverBatch("{}", invalid)).toBe(`${ANALYTICS_MESSAGES.batchRejected} (400)`);
    expect(invalid.fetch).toHaveBeenCalledTimes(1);
  });
});

describe("analytics error boundary rule", () => {
  it("tolerates five errors, only warning, and switches analytics off once at the sixth", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const disable = vi.fn();
    const errors = new AnalyticsErrors(disable);
    expect(ANALYTICS_ERROR_LIMIT).toBe(5);
    for (let i = 0; i < 5; i++) errors.report("failure");
    expect(disable).not.toHaveBeenCalled();
    expect(errors.disabled).toBe(false);
    errors.report("failure");
    expect(disable).toHaveBeenCalledTimes(1);
    expect(errors.disabled).toBe(true);
    errors.report("failure");
    expect(disable).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.some((call) => String(call[0]).includes(ANALYTICS_MESSAGES.disabled))).toBe(true);
    expect(ANALYTICS_MESSAGES.disabled).toBe("Analytics system temporarily disabled due to errors.");
  });
});

describe("page events and performance", () => {
  it("computes page_load_complete from Navigation and Paint Timing", () => {
    const navigation = { startTime: 0, domContentLoadedEventEnd: 412.4, loadEventEnd: 980.6 };
    expect(pageLoadTiming(navigation, [{ name: "first-paint", startTime: 301.2 }])).toEqual({ loadTime: 981, domContentLoaded: 412, firstPaint: 301 });
    expect(pageLoadTiming(navigation, [])).toEqual({ loadTime: 981, domContentLoaded: 412, firstPaint: null });
    expect(pageLoadTiming({ ...navigation, loadEventEnd: 0 }, [])).toBeNull();
    expect(pageLoadTiming(undefined, [])).toBeNull();
  });

  it("treats links to other hosts as outbound, without their query or fragment", () => {
    const page = "https://site.example/home";
    expect(outboundLink("https://buymeacoffee.com/dev?ref=x#top", page)).toEqual({ url: "https://buymeacoffee.com/dev", host: "buymeacoffee.com" });
    expect(outboundLink("/contact", page)).toBeNull();
    expect(outboundLink("https://site.example/blog", page)).toBeNull();
    expect(outboundLink("mailto:a@b.example", page)).toBeNull();
  });

  it("rates web vitals with the spec's thresholds and keeps the newest entries", () => {
    expect(metricEntry("LCP", 2500.4, 1, "/home")).toEqual({ metric: "LCP", value: 2500, rating: "good", timestamp: 1, path: "/home" });
    expect(metricEntry("LCP", 4001, 1, "/").rating).toBe("poor");
    expect(metricEntry("CLS", 0.123456, 1, "/")).toMatchObject({ value: 0.1235, rating: "needs-improvement" });
    expect(metricEntry("INP", 201, 1, "/").rating).toBe("needs-improvement");
    const storage = new MemoryStorage();
    for (let i = 0; i < MAX_STORED_METRICS + 5; i++) storeMetric(storage, metricEntry("TTFB", i, i, "/"));
    const stored = JSON.parse(storage.getItem(PERFORMANCE_STORAGE_KEY)!);
    expect(stored).toHaveLength(MAX_STORED_METRICS);
    expect(stored[0].timestamp).toBe(5);
  });

  it("summarises resource timing and the memory check", () => {
    const summary = summarizeResources(
      [
        { name: "https://site.example/build/a.js?v=1", duration: 120.4, transferSize: 2048 },
        { name: "https://cdn.example/img.png", duration: 300.7, transferSize: 1024 },
      ],
      "https://site.example",
    );
    expect(summary).toEqual({ count: 2, transferKb: 3, slowest: "https://cdn.example/img.png", slowestMs: 301 });
    expect(summarizeResources([], "https://site.example")).toEqual({ count: 0, transferKb: 0 });
    expect(memoryCheck({ usedJSHeapSize: 10 * 1024 * 1024, jsHeapSizeLimit: 2048 * 1024 * 1024 })).toEqual({ usedMb: 10, limitMb: 2048 });
    expect(memoryCheck(undefined)).toBeNull();
  });

  it("reads the third-party configuration block, treating anything unreadable as none", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseAnalyticsConfig('{"ga":{"measurementId":"G-1","scriptUrl":"https://x.example/gtag/js"}}').ga?.measurementId).toBe("G-1");
    expect(parseAnalyticsConfig("{oops")).toEqual({});
    expect(parseAnalyticsConfig(null)).toEqual({});
  });
});

describe("what the client sends fits the event catalogue", () => {
  const entry = metricEntry("CLS", 0.05, 1, "/home");
  const samples: [keyof typeof EVENT_PROPERTY_SCHEMAS, Record<string, unknown>][] = [
    ["page_load_complete", { ...pageLoadTiming({ startTime: 0, domContentLoadedEventEnd: 10, loadEventEnd: 20 }, [])! }],
    ["outbound_link", { ...outboundLink("https://x.example/a", "https://site.example/")! }],
    ["scroll_depth", { percent: reachedThresholds(100, new Set())[3] }],
    ["web_vital", { metric: entry.metric, value: entry.value, rating: entry.rating }],
    ["resource_timing", { ...summarizeResources([{ name: "https://site.example/a.js", duration: 5, transferSize: 10 }], "https://site.example") }],
    ["memory_check", { ...memoryCheck({ usedJSHeapSize: 1, jsHeapSizeLimit: 2 })! }],
    ["form_start", { form: "beta_signup" }],
    ["form_submit", { form: "beta_signup", success: false, error: "Please enter a valid email address" }],
    ["form_submit", { form: "contact", success: true, error: null }],
    ["conversion", { source: "main_waitlist_section" }],
    ["ab_test_conversion", { test: "hero_cta", variant: "control", goal: "waitlist_signup" }],
    ["notify_click", { platform: "ios", intent: "beta_testing" }],
    ["page_view", sanitizeProperties({ path: "/home", search: "?q=" + "x".repeat(600), title: "t".repeat(250), referrer: "direct" })],
  ];
  it.each(samples)("%s %j", (name, properties) => {
    const parsed = EVENT_PROPERTY_SCHEMAS[name].safeParse(properties);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
  it("a conversion without a label gets the default one", () => {
    expect(EVENT_PROPERTY_SCHEMAS.conversion.parse({ source: "notification_modal" }).label).toBe("waitlist_signup");
  });
});
