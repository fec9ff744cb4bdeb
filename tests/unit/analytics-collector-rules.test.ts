import { describe, expect, it } from "vitest";
import {
  batchFacts,
  beaconFrom,
  eventTime,
  isIdentifyingKey,
  MAX_EVENT_AGE_MS,
  MAX_EVENT_LEAD_MS,
  referrerHost,
  sanitiseProperties,
  utcDay,
  utmValue,
  validEvents,
} from "~/features/analytics/collector-rules.server";
import { pageUrlForAnalytics, utmQueryOnly, withoutQuery } from "~/features/analytics/url-privacy";

const NOW = Date.parse("2026-03-10T12:00:00.000Z");

describe("eventTime (occurred_at)", () => {
  it("keeps a client time from the last 24 hours up to 5 minutes ahead", () => {
    for (const at of [NOW, NOW - 1, NOW - MAX_EVENT_AGE_MS, NOW + MAX_EVENT_LEAD_MS, NOW - 3_600_000]) {
      expect(eventTime(at, NOW)).toBe(new Date(at).toISOString());
    }
  });
  it("uses the server's time for a client clock outside that window", () => {
    for (const at of [NOW - MAX_EVENT_AGE_MS - 1, NOW + MAX_EVENT_LEAD_MS + 1, 1, NOW * 10, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(eventTime(at, NOW)).toBe("2026-03-10T12:00:00.000Z");
    }
  });
});

describe("referrerHost", () => {
  it("keeps only the host name of a web address", () => {
    expect(referrerHost("https://News.YCombinator.com:8443/item?id=1#c", "example.com")).toBe("news.ycombinator.com");
    expect(referrerHost("  http://t.co/abc ", "example.com")).toBe("t.co");
  });
  it("is null for this site, for nothing, and for what is not a web address", () => {
    for (const value of [undefined, "", "direct", "android-app://com.google.android.gm/", "javascript:alert(1)", "not a url", "https://example.com/pricing"]) {
      expect(referrerHost(value, "example.com")).toBeNull();
    }
    expect(referrerHost("http://127.0.0.1:8788/home", "127.0.0.1")).toBeNull();
  });
});

describe("withoutQuery, utmValue, utmQueryOnly", () => {
  it("removes query strings and fragments from paths", () => {
    expect(withoutQuery("/pricing?token=abc#top")).toBe("/pricing");
    expect(withoutQuery("/home#features")).toBe("/home");
    expect(withoutQuery("/blog/post")).toBe("/blog/post");
    expect(withoutQuery("/?q=1")).toBe("/");
  });
  it("trims UTM tags, caps them at 100 characters and stores blanks as null", () => {
    expect(utmValue("  newsletter  ")).toBe("newsletter");
    expect(utmValue("x".repeat(150))).toHaveLength(100);
    expect(utmValue("a\u0000b\nc")).toBe("abc");
    expect(utmValue("   ")).toBeNull();
    expect(utmValue(undefined)).toBeNull();
  });
  it("keeps only utm_* parameters of a query string", () => {
    expect(utmQueryOnly("?utm_source=x&email=a%40b.c&utm_medium=y&token=t")).toBe("?utm_source=x&utm_medium=y");
    expect(utmQueryOnly("?q=secret")).toBe("");
    expect(utmQueryOnly("")).toBe("");
  });

  it("pageUrlForAnalytics keeps a page's origin, path and utm_* only: an email link's token never leaves", () => {
    expect(pageUrlForAnalytics("https://linkvault.app/waitlist/status?token=1.abc.sig#top")).toBe("https://linkvault.app/waitlist/status");
    expect(pageUrlForAnalytics("https://linkvault.app/home?utm_source=hn&ref=abcdefghij")).toBe("https://linkvault.app/home?utm_source=hn");
  });
});

describe("isIdentifyingKey", () => {
  it.each(["email", "userEmail", "user_agent", "userAgent", "UA", "ip", "ip_address", "name", "firstName", "last-name", "phone", "userId", "device_id", "sessionId", "token", "accessToken", "password", "address", "cookie"])(
    "%s is identifying",
    (key) => expect(isIdentifyingKey(key)).toBe(true),
  );
  it.each(["title", "feature", "platform", "percent", "metric", "value", "rating", "test", "variant", "form", "success", "error", "label", "source", "url", "host", "path", "search", "referrer"])(
    "%s is not",
    (key) => expect(isIdentifyingKey(key)).toBe(false),
  );
});

describe("sanitiseProperties", () => {
  const raw = {
    title: "Pricing",
    referrer: "https://www.example.org/a/b?user=ada#x",
    search: "?utm_source=news&ref=ada@example.com",
    path: "/pricing?token=abc",
    url: "https://apps.apple.com/app/id123?pt=1&ct=ada",
    error: "Could not send to ada.lovelace@example.com",
    userAgent: "Mozilla/5.0",
    email: "ada@example.com",
    success: false,
    percent: 50,
    nothing: null,
    nested: { a: 1 },
    list: [1, 2],
  };

  it("anonymous: the referrer becomes its host; identifying keys, emails, query strings and nested values go", () => {
    expect(sanitiseProperties(raw, "anonymous")).toEqual({
      title: "Pricing",
      referrer: "www.example.org",
      search: "?utm_source=news",
      path: "/pricing",
      url: "https://apps.apple.com/app/id123",
      error: "Could not send to [email]",
      success: false,
      percent: 50,
      nothing: null,
    });
  });

  it("analytics: the same, except the referrer keeps its origin and path", () => {
    expect(sanitiseProperties(raw, "analytics")).toMatchObject({ referrer: "https://www.example.org/a/b" });
    expect(sanitiseProperties(raw, "analytics")).not.toHaveProperty("userAgent");
    expect(sanitiseProperties(raw, "analytics")).not.toHaveProperty("email");
  });

  it("keeps 'direct' as the referrer and drops one that is neither a web address nor 'direct'", () => {
    expect(sanitiseProperties({ referrer: "direct" }, "anonymous")).toEqual({ referrer: "direct" });
    expect(sanitiseProperties({ referrer: "" }, "anonymous")).toEqual({ referrer: "direct" });
    expect(sanitiseProperties({ referrer: "javascript:alert(1)" }, "anonymous")).toEqual({});
  });

  it("removes credentials from URLs and keeps markup as plain text", () => {
    expect(sanitiseProperties({ url: "https://user:pw@host.example/x?y" }, "analytics")).toEqual({ url: "https://host.example/x" });
    expect(sanitiseProperties({ title: "<script>alert(1)</script>" }, "anonymous")).toEqual({ title: "<script>alert(1)</script>" });
  });
});

describe("validEvents", () => {
  const at = NOW;
  it("keeps catalogue events with valid properties (defaults applied) and counts the rest", () => {
    const result = validEvents([
      { name: "scroll_depth", at, path: "/", properties: { percent: 25 } },
      { name: "scroll_depth", at, path: "/", properties: { percent: 33 } },
      { name: "unknown_event", at, path: "/", properties: {} },
      { name: "toString", at, path: "/", properties: {} },
      { name: "conversion", at, path: "/", properties: {} },
      { name: "cta_click", at, path: "/", properties: { nested: { a: 1 } } },
    ]);
    expect(result.events.map((e) => [e.name, e.properties])).toEqual([
      ["scroll_depth", { percent: 25 }],
      ["conversion", { label: "waitlist_signup" }],
    ]);
    expect(result.dropped).toBe(4);
    expect(result.droppedNames).toEqual(["scroll_depth", "unknown_event", "toString", "cta_click"]);
  });
});

describe("batchFacts and beaconFrom", () => {
  const batch = {
    consent: "analytics" as const,
    sessionId: "sess_12345678",
    referrer: "https://duckduckgo.com/?q=links",
    utm: { source: " reddit " },
    events: [{ name: "cta_click", at: NOW - 1000, path: "/home?x=1", properties: { label: "hero" } }],
  };

  it("keeps the visitor hash and session id only with analytics consent", () => {
    expect(batchFacts(batch, "example.com", "f".repeat(32), NOW)).toMatchObject({
      visitorHash: "f".repeat(32),
      sessionId: "sess_12345678",
      referrerHost: "duckduckgo.com",
      utm: { source: "reddit", medium: null, campaign: null },
    });
    expect(batchFacts({ ...batch, consent: "anonymous" }, "example.com", "f".repeat(32), NOW)).toMatchObject({ visitorHash: null, sessionId: null });
  });

  it("builds the queue message with every field set: the batch's facts once, then each event as stored", () => {
    const facts = batchFacts({ ...batch, consent: "anonymous" }, "example.com", null, NOW);
    expect(beaconFrom(validEvents(batch.events).events, facts, "beacon-0001")).toEqual({
      v: 1,
      id: "beacon-0001",
      receivedAt: new Date(NOW).toISOString(),
      consent: "anonymous",
      visitorHash: null,
      sessionId: null,
      referrerHost: "duckduckgo.com",
      utmSource: "reddit",
      utmMedium: null,
      utmCampaign: null,
      events: [{ name: "cta_click", occurredAt: new Date(NOW - 1000).toISOString(), path: "/home", properties: { label: "hero" } }],
    });
  });
});

describe("utcDay", () => {
  it("is the UTC calendar day, whatever the local time zone", () => {
    expect(utcDay(new Date("2026-03-10T23:59:59.999Z"))).toBe("2026-03-10");
    expect(utcDay(new Date("2026-03-11T00:00:00.000+02:00"))).toBe("2026-03-10");
  });
});
