import { describe, expect, it } from "vitest";
import { AB_TEST_NAMES, assignAll, assignVariant, DEFAULT_AB_TESTS, parseAbTestConfig } from "~/lib/ab-tests";

const keys = Array.from({ length: 10_000 }, (_, i) => `visitor-${i}-${(i * 2654435761) % 1000003}`);

describe("A/B assignment", () => {
  it("matches the spec's table by default", () => {
    expect(DEFAULT_AB_TESTS.hero_cta.variants.map((v) => [v.id, v.label, v.weight])).toEqual([
      ["control", "Download on App Store", 25],
      ["action_oriented", "Start Organizing Today", 25],
      ["benefit_focused", "Download Free App", 25],
      ["urgency_driven", "Download Now - Manage Links!", 25],
    ]);
    expect(DEFAULT_AB_TESTS.waitlist_cta.variants.map((v) => [v.id, v.label, v.weight])).toEqual([
      ["control", "Join Beta Testing", 33],
      ["exclusive", "Get Early Access", 33],
      ["community", "Join Our Community", 34],
    ]);
    expect(DEFAULT_AB_TESTS.hero_headline.variants.map((v) => [v.id, v.label, v.weight])).toEqual([
      ["control", "Organize Your Digital World Intelligently", 50],
      ["benefit_focused", "Never Lose Important Links Again", 50],
    ]);
  });

  it("is deterministic: the same key always gets the same variants", () => {
    for (const key of keys.slice(0, 500)) expect(assignAll(DEFAULT_AB_TESTS, key)).toEqual(assignAll(DEFAULT_AB_TESTS, key));
  });

  it("assigns independently per test (the test name is part of the hash)", () => {
    const pairs = new Set(keys.map((k) => `${assignVariant("hero_cta", DEFAULT_AB_TESTS.hero_cta, k).variant}/${assignVariant("hero_headline", DEFAULT_AB_TESTS.hero_headline, k).variant}`));
    expect(pairs.size).toBe(8);
  });

  it.each(AB_TEST_NAMES)("spreads 10,000 keys within 2 points of the weights for %s", (test) => {
    const definition = DEFAULT_AB_TESTS[test];
    const counts = new Map<string, number>();
    for (const key of keys) {
      const { variant } = assignVariant(test, definition, key);
      counts.set(variant, (counts.get(variant) ?? 0) + 1);
    }
    for (const variant of definition.variants) {
      const share = ((counts.get(variant.id) ?? 0) / keys.length) * 100;
      expect(Math.abs(share - variant.weight)).toBeLessThanOrEqual(2);
    }
  });

  it("honours uneven weights", () => {
    const definition = { enabled: true, variants: [{ id: "a", label: "A", weight: 90 }, { id: "b", label: "B", weight: 10 }] };
    const b = keys.filter((k) => assignVariant("hero_cta", definition, k).variant === "b").length / keys.length;
    expect(b).toBeGreaterThan(0.08);
    expect(b).toBeLessThan(0.12);
  });

  it("shows the control to everyone when a test is switched off", () => {
    const off = { ...DEFAULT_AB_TESTS.hero_cta, enabled: false };
    for (const key of keys.slice(0, 200)) expect(assignVariant("hero_cta", off, key)).toMatchObject({ variant: "control", active: false });
  });
});

describe("A/B configuration fallback", () => {
  it.each([
    ["null", null],
    ["a string", "nonsense"],
    ["weights not summing to 100", { ...DEFAULT_AB_TESTS, hero_cta: { enabled: true, variants: [{ id: "a", label: "A", weight: 60 }] } }],
    ["a missing test", { hero_cta: DEFAULT_AB_TESTS.hero_cta }],
    ["duplicate variant ids", { ...DEFAULT_AB_TESTS, hero_headline: { enabled: true, variants: [{ id: "a", label: "A", weight: 50 }, { id: "a", label: "B", weight: 50 }] } }],
    ["an empty label", { ...DEFAULT_AB_TESTS, hero_headline: { enabled: true, variants: [{ id: "a", label: " ", weight: 100 }] } }],
  ])("uses the spec's table for %s", (_, raw) => {
    expect(parseAbTestConfig(raw)).toEqual({ config: DEFAULT_AB_TESTS, valid: false });
  });

  it("accepts a valid custom configuration", () => {
    const custom = { ...DEFAULT_AB_TESTS, hero_headline: { enabled: true, variants: [{ id: "short", label: "Links, sorted.", weight: 100 }] } };
    expect(parseAbTestConfig(custom)).toEqual({ config: custom, valid: true });
  });
});
