import { describe, expect, it } from "vitest";
import { BILLING_QUESTION_MESSAGES, COMPARISON, COMPARISON_TIERS, periodLabel, PLANS } from "~/content/plans";
import en from "~/locales/en.json";

// app/content/plans.ts names its words by message id, typed loosely (content imports no i18n code):
// every id it can hand a page must be a message of the English catalogue.

function flatten(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : flatten(value as object, `${prefix}${key}.`)));
}
const ids = new Set(flatten(en));

describe("the plans' message ids", () => {
  it("are all in the English catalogue", () => {
    const used = [
      ...PLANS.flatMap((plan) => [plan.name, plan.summary, ...plan.includes, ...("limit" in plan ? [plan.limit] : [])]),
      ...COMPARISON.flatMap((row) => [row.feature, ...Object.values(row.values).filter((value): value is typeof row.feature => typeof value === "string")]),
      ...COMPARISON_TIERS.map((column) => column.label),
      ...[null, "month", "year"].map((period) => periodLabel(period as "month" | "year" | null)),
      ...BILLING_QUESTION_MESSAGES,
    ];
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((id) => !ids.has(id))).toEqual([]);
  });
});
