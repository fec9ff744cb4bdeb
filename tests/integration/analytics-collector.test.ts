import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BATCH } from "~/features/analytics/catalogue";
import { visitorHash } from "~/features/analytics/collector-rules.server";
import { QUEUE_SEND_DEADLINE_MS } from "~/features/analytics/record.server";
import { createTestApp, d1FailingFor, silentQueue, unavailableD1, unreachableQueue, type TestApp } from "../support/app";
import { freezeClock } from "../support/clock";

const SECRET = "collector-test-secret-0123456789-abcdefghij";
const CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ORIGIN = "http://127.0.0.1:8788";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ IP_HASH_SECRET: SECRET, ANALYTICS_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => app.dispose());
beforeEach(async () => {
  await app.analytics.batch(["analytics_events", "analytics_daily_counts", "analytics_beacons"].map((table) => app.analytics.prepare(`DELETE FROM ${table}`)));
  await app.db.prepare("DELETE FROM rate_limits").run();
});

interface PostOptions {
  ip?: string;
  userAgent?: string | null;
  language?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A POST to the collector as a browser's sendBeacon makes it (same origin, a real user agent). */
function beacon(body: unknown, options: PostOptions = {}): Request {
  const headers: Record<string, string> = {
    "Content-Type": options.contentType ?? "application/json",
    "CF-Connecting-IP": options.ip ?? "203.0.113.7",
    "Accept-Language": options.language ?? "en-GB,en;q=0.9",
    Origin: ORIGIN,
    ...options.headers,
  };
  if (options.userAgent !== null) headers["User-Agent"] = options.userAgent ?? CHROME;
  return new Request(`${ORIGIN}/api/events`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const send = (body: unknown, options?: PostOptions) => app.fetch(beacon(body, options));

function event(name: string, properties: Record<string, unknown> = {}, extra: { at?: number; path?: string } = {}) {
  return { name, at: extra.at ?? Date.now() - 1000, path: extra.path ?? "/home", properties };
}

type Row = Record<string, string | number | null>;
async function rows(): Promise<Row[]> {
  const { results } = await app.analytics.prepare("SELECT * FROM analytics_events ORDER BY id").all<Row>();
  return results;
}
const propertiesOf = (row: Row | undefined) => JSON.parse(String(row?.properties)) as Record<string, unknown>;

describe("POST /api/events: storing a valid batch", () => {
  it("stores every accepted event with its columns and answers 202 { accepted, dropped }, uncached", async () => {
    const at = Date.now() - 5_000;
    const response = await send(
      {
        consent: "analytics",
        sessionId: "sess_ABCDEF123456",
        referrer: "https://news.ycombinator.com/item?id=42",
        utm: { source: "  newsletter ", medium: "email", campaign: "launch" },
        events: [
          event("page_view", { title: "Home", search: "?utm_source=newsletter", referrer: "https://news.ycombinator.com/item?id=42" }, { at, path: "/home" }),
          event("scroll_depth", { percent: 50 }, { at: at + 1000, path: "/home" }),
          event("conversion", {}, { at: at + 2000, path: "/waitlist" }),
        ],
      },
      { ip: "198.51.100.20" },
    );
    expect(response.status).toBe(202);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ accepted: 3, dropped: 0 });

    const stored = await rows();
    expect(stored).toHaveLength(3);
    expect(stored[0]).toMatchObject({
      name: "page_view",
      occurred_at: new Date(at).toISOString(),
      path: "/home",
      consent: "analytics",
      session_id: "sess_ABCDEF123456",
      referrer_host: "news.ycombinator.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "launch",
    });
    expect(stored[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(String(stored[0]!.received_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(propertiesOf(stored[0])).toEqual({ title: "Home", search: "?utm_source=newsletter", referrer: "https://news.ycombinator.com/item" });
    expect(stored[1]).toMatchObject({ name: "scroll_depth", occurred_at: new Date(at + 1000).toISOString() });
    expect(propertiesOf(stored[1])).toEqual({ percent: 50 });
    // The catalogue's default conversion label is applied before storing.
    expect(propertiesOf(stored[2])).toEqual({ label: "waitlist_signup" });
  });

  it("stores a full batch of the maximum size (one D1 batch, split under D1's parameter limit)", async () => {
    const events = Array.from({ length: MAX_EVENTS_PER_BATCH }, (_, i) => event("web_vital", { metric: "LCP", value: 1000 + i, rating: "good" }));
    const response = await send({ consent: "anonymous", events });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: MAX_EVENTS_PER_BATCH, dropped: 0 });
    const stored = await rows();
    expect(stored).toHaveLength(MAX_EVENTS_PER_BATCH);
    expect(stored.map((row) => propertiesOf(row).value)).toEqual(events.map((e) => e.properties.value));
  });

  it("counts what it stores in the analytics page's daily counts in the same batch (ADR 0037)", async () => {
    const at = Date.now() - 5_000;
    const response = await send({
      consent: "analytics",
      referrer: "https://news.ycombinator.com/item?id=42",
      utm: { source: "newsletter" },
      events: [
        event("page_view", {}, { at, path: "/pricing" }),
        event("web_vital", { metric: "LCP", value: 1800, rating: "good" }, { at, path: "/pricing" }),
        event("conversion", {}, { at, path: "/pricing" }),
      ],
    });
    expect(response.status).toBe(202);
    const [stored] = await rows();
    const { results } = await app.analytics.prepare("SELECT name, facet, day, value, n FROM analytics_daily_counts ORDER BY name, facet").all();
    const day = new Date(at).toISOString().slice(0, 10);
    expect(results).toEqual([
      { name: "*", facet: "visitor_hash", day, value: stored!.visitor_hash, n: 3 },
      { name: "conversion", facet: "utm_source", day, value: "newsletter", n: 1 },
      { name: "page_view", facet: "path", day, value: "/pricing", n: 1 },
      { name: "page_view", facet: "referrer_host", day, value: "news.ycombinator.com", n: 1 },
      { name: "page_view", facet: "utm_source", day, value: "newsletter", n: 1 },
      { name: "web_vital", facet: "page_metric", day, value: '["/pricing","LCP"]', n: 1 },
    ]);
  });

  it("ignores the referrer when it is this site, and stores no UTM tags that are blank", async () => {
    const response = await send({
      consent: "anonymous",
      referrer: `${ORIGIN}/features`,
      utm: { source: "   ", campaign: "" },
      events: [event("cta_click")],
    });
    expect(response.status).toBe(202);
    const [row] = await rows();
    expect(row).toMatchObject({ referrer_host: null, utm_source: null, utm_medium: null, utm_campaign: null });
  });
});

describe("POST /api/events: consent decides what is kept", () => {
  it("anonymous: no visitor hash, no session id, no user agent, only the referrer's host", async () => {
    const response = await send({
      consent: "anonymous",
      sessionId: "sess_ABCDEF123456",
      referrer: "https://www.example.org/some/page?user=ada@example.com",
      events: [
        event("page_view", {
          title: "Pricing",
          referrer: "https://www.example.org/some/page?user=ada",
          search: "?utm_campaign=spring&email=ada@example.com&token=abc",
          userAgent: CHROME,
          email: "ada@example.com",
        }),
      ],
    });
    expect(response.status).toBe(202);
    const [row] = await rows();
    expect(row).toMatchObject({ consent: "anonymous", visitor_hash: null, session_id: null, referrer_host: "www.example.org" });
    expect(propertiesOf(row)).toEqual({ title: "Pricing", referrer: "www.example.org", search: "?utm_campaign=spring" });
    const everything = JSON.stringify(row);
    expect(everything).not.toContain("Chrome/126");
    expect(everything).not.toContain("ada");
    expect(everything).not.toContain("203.0.113.7");
  });

  it("analytics: a 32-hex visitor hash, stable for one client on one day, different for another client", async () => {
    const batch = { consent: "analytics", sessionId: "sess_ABCDEF123456", events: [event("cta_click")] };
    const before = new Date();
    await send(batch, { ip: "198.51.100.1" });
    await send(batch, { ip: "198.51.100.1" });
    await send(batch, { ip: "198.51.100.2" });
    await send(batch, { ip: "198.51.100.1", userAgent: CHROME.replace("126", "127") });
    await send(batch, { ip: "198.51.100.1", language: "de-DE" });
    const after = new Date();
    const hashes = (await rows()).map((row) => row.visitor_hash);
    expect(hashes).toHaveLength(5);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hashes[1]).toBe(hashes[0]);
    expect(new Set(hashes).size).toBe(4);
    // It is exactly the documented derivation: the day's salt from the secret, over IP + UA + language.
    const expected = await Promise.all(
      [before, after].map((date) => visitorHash(SECRET, "198.51.100.1", CHROME, "en-GB,en;q=0.9", date)),
    );
    expect(expected).toContain(hashes[0]);
    const { results } = await app.analytics.prepare("SELECT session_id FROM analytics_events").all<{ session_id: string }>();
    expect(results.every((r) => r.session_id === "sess_ABCDEF123456")).toBe(true);
  });
});

describe("visitorHash (the daily salt)", () => {
  const day1 = new Date("2026-03-01T00:00:01Z");
  const day1Late = new Date("2026-03-01T23:59:59Z");
  const day2 = new Date("2026-03-02T00:00:01Z");

  it("is 32 hex characters, the same all day for the same client", async () => {
    const a = await visitorHash(SECRET, "192.0.2.1", CHROME, "en", day1);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(await visitorHash(SECRET, "192.0.2.1", CHROME, "en", day1Late)).toBe(a);
  });

  it("changes with the UTC day, the client (IP, user agent, language) and the secret", async () => {
    const a = await visitorHash(SECRET, "192.0.2.1", CHROME, "en", day1);
    const others = await Promise.all([
      visitorHash(SECRET, "192.0.2.1", CHROME, "en", day2),
      visitorHash(SECRET, "192.0.2.2", CHROME, "en", day1),
      visitorHash(SECRET, "192.0.2.1", `${CHROME} X`, "en", day1),
      visitorHash(SECRET, "192.0.2.1", CHROME, "fr", day1),
      visitorHash(`${SECRET}-rotated`, "192.0.2.1", CHROME, "en", day1),
    ]);
    expect(new Set([a, ...others]).size).toBe(6);
  });

  it("keeps field boundaries: moving text between IP and user agent gives another hash", async () => {
    const a = await visitorHash(SECRET, "192.0.2.1", "AB", "en", day1);
    const b = await visitorHash(SECRET, "192.0.2.1A", "B", "en", day1);
    expect(a).not.toBe(b);
  });
});

describe("POST /api/events: validation", () => {
  it("drops unknown events and events with bad properties, stores the rest and counts the drops", async () => {
    const response = await send({
      consent: "anonymous",
      events: [
        event("scroll_depth", { percent: 25 }),
        event("scroll_depth", { percent: 33 }),
        event("made_up_event", { any: 1 }),
        event("web_vital", { metric: "LCP", value: -5, rating: "good" }),
        event("coming_soon_notify_click", { platform: "android" }),
      ],
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2, dropped: 3 });
    const stored = await rows();
    expect(stored.map((row) => row.name)).toEqual(["scroll_depth", "coming_soon_notify_click"]);
    expect(propertiesOf(stored[0])).toEqual({ percent: 25 });
  });

  it("answers 400 with the count when no event of the batch is valid, and stores nothing", async () => {
    const response = await send({ consent: "anonymous", events: [event("made_up_event"), event("scroll_depth", { percent: 33 })] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ accepted: 0, dropped: 2 });
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ["not JSON", "{consent: anonymous"],
    ["a JSON array", [event("cta_click")]],
    ["no consent", { events: [event("cta_click")] }],
    ["an unknown consent level", { consent: "everything", events: [event("cta_click")] }],
    ["no events", { consent: "anonymous", events: [] }],
    ["too many events", { consent: "anonymous", events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => event("cta_click")) }],
    ["a path that is not a path", { consent: "anonymous", events: [event("cta_click", {}, { path: "https://evil.example/" })] }],
    ["a time that is not a number", { consent: "anonymous", events: [{ ...event("cta_click"), at: "yesterday" }] }],
    ["a malformed session id", { consent: "analytics", sessionId: "<script>", events: [event("cta_click")] }],
    ["properties that are not an object", { consent: "anonymous", events: [{ ...event("cta_click"), properties: ["a"] }] }],
  ])("refuses %s with 400 and a short JSON error", async (_label, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string };
    expect(answer.error).toEqual(expect.any(String));
    expect(answer.error.length).toBeLessThan(100);
    expect(await rows()).toHaveLength(0);
  });

  it("accepts a text/plain beacon (navigator.sendBeacon with a string)", async () => {
    const response = await send({ consent: "anonymous", events: [event("faq_click", { question: "pricing" })] }, { contentType: "text/plain;charset=UTF-8" });
    expect(response.status).toBe(202);
    expect((await rows()).map((row) => row.name)).toEqual(["faq_click"]);
  });

  it("refuses form-encoded bodies with 415", async () => {
    const response = await send("consent=anonymous", { contentType: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(415);
    expect(await rows()).toHaveLength(0);
  });

  function oversized(): string {
    const body = JSON.stringify({ consent: "anonymous", events: [event("page_view", { title: "x".repeat(MAX_EVENTS_BODY_BYTES) })] });
    expect(body.length).toBeGreaterThan(MAX_EVENTS_BODY_BYTES);
    return body;
  }

  it("refuses a body over the limit with 413", async () => {
    const response = await send(oversized());
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a body over the limit with 413 even when Content-Length claims it is small", async () => {
    const response = await send(oversized(), { headers: { "Content-Length": "120" } });
    expect(response.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });
});

describe("POST /api/events: what is stored is data", () => {
  it("keeps script in properties as inert text, never echoes it, and removes query strings from paths", async () => {
    const script = "<script>alert(document.cookie)</script>";
    const attribute = `"><img src=x onerror=alert(1)>`;
    const response = await send({
      consent: "anonymous",
      events: [
        event("page_view", { title: script, path: "/pricing?token=secret#top" }, { path: "/pricing?token=secret&email=ada@example.com#top" }),
        event("feature_card_click", { feature: attribute }, { path: "/home#features" }),
      ],
    });
    expect(response.status).toBe(202);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text).not.toContain("<script>");
    expect(text).not.toContain("onerror");

    const [view, click] = await rows();
    expect(view!.path).toBe("/pricing");
    expect(propertiesOf(view)).toEqual({ title: script, path: "/pricing" });
    expect(click!.path).toBe("/home");
    expect(propertiesOf(click)).toEqual({ feature: attribute });
  });
});

describe("POST /api/events: time", () => {
  it("keeps a plausible client time and replaces an implausible one with the server's", async () => {
    const now = Date.now();
    const hourAgo = now - 3_600_000;
    const inTwoMinutes = now + 120_000;
    const response = await send({
      consent: "anonymous",
      events: [
        event("cta_click", { n: 1 }, { at: hourAgo }),
        event("cta_click", { n: 2 }, { at: inTwoMinutes }),
        event("cta_click", { n: 3 }, { at: now - 2 * 86_400_000 }),
        event("cta_click", { n: 4 }, { at: now + 3_600_000 }),
      ],
    });
    expect(response.status).toBe(202);
    const stored = await rows();
    expect(stored[0]!.occurred_at).toBe(new Date(hourAgo).toISOString());
    expect(stored[1]!.occurred_at).toBe(new Date(inTwoMinutes).toISOString());
    for (const row of stored.slice(2)) {
      const time = Date.parse(String(row.occurred_at));
      expect(time).toBeGreaterThanOrEqual(now - 1000);
      expect(time).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });
});

describe("POST /api/events: who may send", () => {
  it.each([
    ["a search engine crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["a headless browser", CHROME.replace("Chrome/", "HeadlessChrome/")],
    ["curl", "curl/8.5.0"],
    ["a blank user agent", "   "],
  ])("answers %s with 204 and stores nothing", async (_label, userAgent) => {
    const response = await send({ consent: "analytics", events: [event("cta_click")] }, { userAgent });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(await rows()).toHaveLength(0);
  });

  it("answers a request without a user agent with 204 and stores nothing", async () => {
    const response = await send({ consent: "anonymous", events: [event("cta_click")] }, { userAgent: null });
    expect(response.status).toBe(204);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a cross-origin post with 403 (the pipeline's CSRF rule)", async () => {
    const response = await send({ consent: "anonymous", events: [event("cta_click")] }, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it("rate-limits batches per client: 429 with Retry-After after the limit, other clients unaffected", async () => {
    freezeClock(); // a one-minute window must not roll over between the third batch and the fourth
    const limited = app.withEnv({ ANALYTICS_RATE_LIMIT_MAX: "3" });
    const batch = { consent: "anonymous", events: [event("cta_click")] };
    for (let i = 0; i < 3; i++) {
      expect((await limited(beacon(batch, { ip: "192.0.2.50" }))).status).toBe(202);
    }
    const refused = await limited(beacon(batch, { ip: "192.0.2.50" }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    expect((await limited(beacon(batch, { ip: "192.0.2.51" }))).status).toBe(202);
    expect(await rows()).toHaveLength(4);
  });

  it("caps events per client per UTC day: a batch past the cap gets 429 until midnight UTC and is not stored", async () => {
    const capped = app.withEnv({ ANALYTICS_EVENTS_PER_CLIENT_PER_DAY: "10" });
    const four = { consent: "anonymous", events: [event("cta_click"), event("faq_click"), event("cta_click"), event("faq_click")] };
    expect((await capped(beacon(four, { ip: "192.0.2.60" }))).status).toBe(202);
    expect((await capped(beacon(four, { ip: "192.0.2.60" }))).status).toBe(202);
    const refused = await capped(beacon(four, { ip: "192.0.2.60" }));
    expect(refused.status).toBe(429);
    const secondsToMidnight = Math.ceil((Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 - Date.now()) / 1000);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(secondsToMidnight - 60);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(secondsToMidnight);
    expect((await refused.json()) as { error: string }).toEqual({ error: expect.stringMatching(/today/) });
    // Another client has its own budget.
    expect((await capped(beacon(four, { ip: "192.0.2.61" }))).status).toBe(202);
    expect(await rows()).toHaveLength(12);
  });

  it("never takes an A/B conversion from a browser as the server's: ab_test_signup is refused, ab_test_conversion counts for no A/B result", async () => {
    const forged = await send({ consent: "anonymous", events: [event("ab_test_signup", { test: "hero_cta", variant: "control" })] });
    expect(forged.status).toBe(400);
    const posted = await send({ consent: "anonymous", events: [event("ab_test_conversion", { test: "hero_cta", variant: "control" })] });
    expect(posted.status).toBe(202);
    expect(await rows()).toHaveLength(1);
    const { results } = await app.analytics.prepare("SELECT * FROM analytics_daily_counts WHERE facet = 'ab_variant'").all();
    expect(results).toEqual([]);
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const response = await app.fetch(new Request(`${ORIGIN}/api/events`, { headers: { "User-Agent": CHROME } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it.each(["PUT", "DELETE"])("answers %s with 405 (the pipeline refuses methods the site never uses)", async (method) => {
    const response = await app.fetch(new Request(`${ORIGIN}/api/events`, { method, headers: { Origin: ORIGIN, "User-Agent": CHROME } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toContain("POST");
  });
});

describe("POST /api/events: storage failures (no queue: the direct write)", () => {
  it("still stores the batch when the site's database is down (limits fail open, events have a database of their own)", async () => {
    const response = await app.withEnv({ DB: unavailableD1() })(beacon({ consent: "anonymous", events: [event("cta_click")] }));
    expect(response.status).toBe(202);
    expect(await rows()).toHaveLength(1);
  });

  it("answers 503 (never 500) when the analytics database is unavailable and there is no queue", async () => {
    const response = await app.withEnv({ ANALYTICS_DB: unavailableD1() })(beacon({ consent: "anonymous", events: [event("cta_click")] }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("answers 503 when only the events table fails, and stores nothing", async () => {
    const response = await app.withEnv({ ANALYTICS_DB: d1FailingFor(app.analytics, /analytics_events/) })(
      beacon({ consent: "analytics", sessionId: "sess_ABCDEF123456", events: [event("cta_click"), event("faq_click")] }),
    );
    expect(response.status).toBe(503);
    expect(await rows()).toHaveLength(0);
  });
});

describe("POST /api/events: the analytics queue cannot be reached (issue 19: nothing is lost)", () => {
  const batch = () => ({ consent: "anonymous", events: [event("cta_click"), event("faq_click", { question: "privacy" })] });

  it("stores the batch directly in the analytics database when the queue refuses the send", async () => {
    const response = await app.withEnv({ ANALYTICS_QUEUE: unreachableQueue() })(beacon(batch()));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2, dropped: 0 });
    expect((await rows()).map((row) => row.name)).toEqual(["cta_click", "faq_click"]);
  });

  it("stores the batch directly when the queue has not answered within the deadline", async () => {
    const started = Date.now();
    const response = await app.withEnv({ ANALYTICS_QUEUE: silentQueue() })(beacon(batch()));
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUEUE_SEND_DEADLINE_MS - 50);
    expect(await rows()).toHaveLength(2);
  });

  it("answers 503 (never 500) when neither the queue nor the analytics database can take it", async () => {
    const response = await app.withEnv({ ANALYTICS_QUEUE: unreachableQueue(), ANALYTICS_DB: unavailableD1() })(beacon(batch()));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });
});
