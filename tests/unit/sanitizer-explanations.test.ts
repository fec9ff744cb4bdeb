import { describe, expect, it } from "vitest";
import { explanation } from "~/components/sanitizer/explanation";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { sanitizeUrl, TRACKING_PARAMETERS } from "~/lib/link-sanitizer";

// Every explanation the cleaner gives (the parameter table's and a result's) is a message of the
// catalogue, so a page in another language shows it translated.

const english = i18nFor("en");
const t = (id: Parameters<typeof english._>[0] & string) => english._(id);

describe("the cleaner's explanations", () => {
  it("has a message for every rule's reason and place", () => {
    for (const parameter of TRACKING_PARAMETERS) {
      expect(explanation(t, "reasons", parameter.reason)).toBe(parameter.reason);
      if (parameter.where) expect(explanation(t, "where", parameter.where)).toBe(parameter.where);
    }
  });

  it("has a message for the reason of an Amazon /ref= path tag", () => {
    const result = sanitizeUrl("https://www.amazon.com/Echo-Dot/dp/B09B8V1LZ3/ref=sr_1_3?th=1");
    if (!result.ok) throw new Error(result.error);
    expect(result.removed.length).toBeGreaterThan(0);
    for (const removed of result.removed) expect(explanation(t, "reasons", removed.reason)).toBe(removed.reason);
  });
});
