/**
 * A/B tests (spec section 3): definitions, validation and deterministic assignment. Shared by the
 * edge (which assigns, so the first HTML already shows the variant) and the admin (which edits).
 */
import * as z from "zod";

export const AB_TEST_NAMES = ["hero_cta", "waitlist_cta", "hero_headline"] as const;
export type AbTestName = (typeof AB_TEST_NAMES)[number];

const variantSchema = z.object({
  id: z.string().regex(/^[a-z0-9_]{1,40}$/),
  label: z.string().trim().min(1).max(80),
  weight: z.number().int().min(0).max(100),
});

const testSchema = z
  .object({
    enabled: z.boolean(),
    variants: z.array(variantSchema).min(1).max(8),
  })
  .refine((t) => t.variants.reduce((sum, v) => sum + v.weight, 0) === 100, { message: "weights must sum to 100" })
  .refine((t) => new Set(t.variants.map((v) => v.id)).size === t.variants.length, { message: "variant ids must be unique" });

export const abTestConfigSchema = z.object({
  hero_cta: testSchema,
  waitlist_cta: testSchema,
  hero_headline: testSchema,
});

export type AbTestConfig = z.infer<typeof abTestConfigSchema>;
export type AbTestDefinition = AbTestConfig[AbTestName];

/** The spec's table: the fallback whenever KV is empty, unreadable or invalid. */
export const DEFAULT_AB_TESTS: AbTestConfig = {
  hero_cta: {
    enabled: true,
    variants: [
      { id: "control", label: "Download on App Store", weight: 25 },
      { id: "action_oriented", label: "Start Organizing Today", weight: 25 },
      { id: "benefit_focused", label: "Download Free App", weight: 25 },
      { id: "urgency_driven", label: "Download Now - Manage Links!", weight: 25 },
    ],
  },
  waitlist_cta: {
    enabled: true,
    variants: [
      { id: "control", label: "Join Beta Testing", weight: 33 },
      { id: "exclusive", label: "Get Early Access", weight: 33 },
      { id: "community", label: "Join Our Community", weight: 34 },
    ],
  },
  hero_headline: {
    enabled: true,
    variants: [
      { id: "control", label: "Organize Your Digital World Intelligently", weight: 50 },
      { id: "benefit_focused", label: "Never Lose Important Links Again", weight: 50 },
    ],
  },
};

export interface AbAssignment {
  test: AbTestName;
  variant: string;
  label: string;
  /** False when the test is switched off: everyone sees the control. */
  active: boolean;
}

export type AbAssignments = Record<AbTestName, AbAssignment>;

/**
 * cyrb53: a fast, well-mixed 53-bit string hash (public domain). Deterministic in every runtime,
 * synchronous (no crypto.subtle round trip on the render path), evenly spread modulo 100.
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** hash(test name + visitor key) modulo 100, walked against the cumulative weights. */
export function assignVariant(test: AbTestName, definition: AbTestDefinition, visitorKey: string): AbAssignment {
  const control = definition.variants[0]!;
  if (!definition.enabled) return { test, variant: control.id, label: control.label, active: false };
  const bucket = hash53(`${test}:${visitorKey}`) % 100;
  let cumulative = 0;
  for (const variant of definition.variants) {
    cumulative += variant.weight;
    if (bucket < cumulative) return { test, variant: variant.id, label: variant.label, active: true };
  }
  return { test, variant: control.id, label: control.label, active: true };
}

export function assignAll(config: AbTestConfig, visitorKey: string): AbAssignments {
  return Object.fromEntries(AB_TEST_NAMES.map((name) => [name, assignVariant(name, config[name], visitorKey)])) as AbAssignments;
}

/** Parses a stored configuration; anything invalid yields the spec's defaults. */
export function parseAbTestConfig(raw: unknown): { config: AbTestConfig; valid: boolean } {
  const result = abTestConfigSchema.safeParse(raw);
  return result.success ? { config: result.data, valid: true } : { config: DEFAULT_AB_TESTS, valid: false };
}
