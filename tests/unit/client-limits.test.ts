import { describe, expect, it } from "vitest";
import { applyLimits, expiredScopes, refundLimits, type LimitRule, type WindowCount } from "~/lib/client-limits";

const TEN_MINUTES: LimitRule = { scope: "inbox-10m", max: 1, windowSeconds: 600, sliding: true };
const DAY: LimitRule = { scope: "inbox-day", max: 3, windowSeconds: 86_400, sliding: true };

describe("a sliding rule: at most max hits in any window, not per aligned window", () => {
  it("refuses a second hit 2 s later even across a 10-minute boundary, and says when it fits", () => {
    const counters = new Map<string, WindowCount>();
    const boundary = Date.UTC(2026, 10, 28, 10, 10);
    expect(applyLimits(counters, [TEN_MINUTES], boundary - 1_000)).toEqual({ limited: false });
    expect(applyLimits(counters, [TEN_MINUTES], boundary + 1_000)).toEqual({ limited: true, scope: "inbox-10m", retryAfterSeconds: 598 });
    expect(applyLimits(counters, [TEN_MINUTES], boundary - 1_000 + 600_000)).toEqual({ limited: false });
  });

  it("allows 3 a day, one per 10 minutes, and the fourth only a day after the first", () => {
    const counters = new Map<string, WindowCount>();
    const start = Date.UTC(2026, 10, 28, 9);
    const at = (minutes: number) => applyLimits(counters, [TEN_MINUTES, DAY], start + minutes * 60_000);
    expect([at(0), at(5), at(10), at(20), at(30)].map((d) => d.limited)).toEqual([false, true, false, false, true]);
    expect(at(30)).toMatchObject({ scope: "inbox-day" });
    // The first hit leaves the day's window 24 h after it was made.
    expect(at(24 * 60 - 1)).toMatchObject({ limited: true, scope: "inbox-day", retryAfterSeconds: 60 });
    expect(at(24 * 60)).toEqual({ limited: false });
  });

  it("counts a refused request towards nothing, and expires a window after its last hit", () => {
    const counters = new Map<string, WindowCount>();
    const now = Date.UTC(2026, 10, 28, 9);
    applyLimits(counters, [TEN_MINUTES, DAY], now);
    applyLimits(counters, [TEN_MINUTES, DAY], now + 1_000);
    expect(counters.get("inbox-day")?.hits).toBe(1);
    expect(expiredScopes(counters, now + 600_000)).toEqual(["inbox-10m"]);
  });
});

describe("refundLimits: a check whose work did not happen gives its hit back", () => {
  it("a sliding rule forgets its latest hit, a fixed one counts down, never below zero", () => {
    const counters = new Map<string, WindowCount>();
    const fixed: LimitRule = { scope: "client", max: 2, windowSeconds: 600 };
    const now = Date.UTC(2026, 10, 28, 9, 1);
    applyLimits(counters, [TEN_MINUTES, fixed], now);
    refundLimits(counters, [TEN_MINUTES, fixed], now + 1_000);
    expect(applyLimits(counters, [TEN_MINUTES], now + 2_000)).toEqual({ limited: false });
    expect(counters.get("client")?.hits).toBe(0);
    refundLimits(counters, [fixed], now + 3_000);
    expect(counters.get("client")?.hits).toBe(0);
  });
});
