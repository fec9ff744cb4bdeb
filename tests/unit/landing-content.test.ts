import { describe, expect, it } from "vitest";
import { faqEntries } from "~/content/faq";
import { featureGroups, localizedFeatures } from "~/content/features";
import { howItWorksViews } from "~/content/how-it-works";
import { localizedReleases } from "~/content/roadmap";
import { localizedV2Features } from "~/content/v2-features";
import { AB_TEST_NAMES, assignAll, DEFAULT_AB_TESTS } from "~/lib/ab-tests";
import { abLabels } from "~/lib/landing.server";
import { englishT } from "../support/english";

/** Every string of a resolved content list (Lingui answers a missing id with the id itself). */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const CONTENT = {
  faq: faqEntries(englishT),
  features: [...localizedFeatures(englishT), ...featureGroups(englishT)],
  howItWorks: howItWorksViews(englishT),
  roadmap: localizedReleases(englishT),
  v2: localizedV2Features(englishT),
};

describe("the content modules read their words from the catalogue", () => {
  for (const [module, content] of Object.entries(CONTENT)) {
    it(`${module}: every id it builds exists in English, placeholders filled`, () => {
      const texts = strings(content);
      expect(texts.length).toBeGreaterThan(5);
      for (const text of texts) {
        expect(text, "an id the catalogue lacks").not.toMatch(/^(faq|features|howItWorks|roadmap|v2)\.[a-z][\w-]*\.[\w.-]+$/);
        expect(text).not.toMatch(/\{(appName|supportEmail)\}/);
      }
    });
  }

  it("keeps the structure and order in TS: slugs, ids, versions, icons", () => {
    expect(CONTENT.faq.map((entry) => entry.id)).toEqual(["privacy", "pricing", "sync", "encryption", "link-sanitization", "platforms", "import-export", "collaboration", "beta", "data-deletion", "support"]);
    expect(CONTENT.roadmap.map((release) => [release.version, release.status, release.features.length])).toEqual([
      ["v1.0", "Live", 5],
      ["v1.5", "Live", 4],
      ["v2.0", "Live", 6],
    ]);
    expect(localizedFeatures(englishT).find((f) => f.slug === "qr-codes")).toMatchObject({
      title: "QR codes",
      icon: "qr",
      guide: { href: "/tutorials/qr-code-generation", label: "Tutorial: QR code generation" },
    });
    expect(CONTENT.v2.find((f) => f.id === "collaboration")?.roles?.map((role) => role.name)).toEqual(["Owner", "Editor", "Viewer"]);
    expect(CONTENT.faq[0]?.question).toBe("What does LinkVault do with the links I save?");
  });
});

describe("A/B variant labels on the page", () => {
  it("shows the spec's variants in the page's language by id: in English, exactly the spec's labels", () => {
    for (const test of AB_TEST_NAMES) {
      for (const variant of DEFAULT_AB_TESTS[test].variants) {
        const only = { ...DEFAULT_AB_TESTS, [test]: { enabled: true, variants: [{ ...variant, weight: 100 }] } };
        const labels = abLabels(assignAll(only, "visitor"), "en");
        const shown = { hero_headline: labels.heroHeadline, hero_cta: labels.heroCta, waitlist_cta: labels.waitlistCta }[test];
        expect(shown).toBe(variant.label);
      }
    }
  });

  it("keeps a label the owner wrote as written, even under a default variant's id", () => {
    const owners = {
      ...DEFAULT_AB_TESTS,
      hero_cta: { enabled: true, variants: [{ id: "control", label: "Hol dir die App", weight: 100 }] },
      hero_headline: { enabled: true, variants: [{ id: "owner_made", label: "Links, tidy at last", weight: 100 }] },
    };
    const labels = abLabels(assignAll(owners, "visitor"), "de");
    expect(labels.heroCta).toBe("Hol dir die App");
    expect(labels.heroHeadline).toBe("Links, tidy at last");
  });
});
