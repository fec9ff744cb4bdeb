import { describe, expect, it } from "vitest";
import { faqEntries } from "~/content/faq";
import { faqPageData } from "~/lib/structured-data";
import { englishT } from "../support/english";

const FAQ = faqEntries(englishT);

/** The landing page's FAQPage JSON-LD, as app/lib/landing.server.ts builds it. */
const faqStructuredData = () => faqPageData(FAQ, "en");

describe("FAQ content (spec section 2: 11 questions)", () => {
  it("has exactly 11 questions", () => {
    expect(FAQ).toHaveLength(11);
  });

  it("has unique questions and unique ids", () => {
    expect(new Set(FAQ.map((entry) => entry.question)).size).toBe(FAQ.length);
    expect(new Set(FAQ.map((entry) => entry.id)).size).toBe(FAQ.length);
  });

  it("answers every question", () => {
    for (const entry of FAQ) {
      expect(entry.question.trim()).toMatch(/\?$/);
      expect(entry.answer.trim().length).toBeGreaterThan(40);
    }
  });
});

describe("faqStructuredData()", () => {
  const data = faqStructuredData();

  it("is a schema.org FAQPage in the page's language", () => {
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.inLanguage).toBe("en");
    expect(faqPageData(FAQ, "pt-br").inLanguage).toBe("pt-BR");
  });

  it("has 11 Question entries whose name and answer text equal the list", () => {
    expect(data.mainEntity).toHaveLength(11);
    data.mainEntity.forEach((item, index) => {
      expect(item["@type"]).toBe("Question");
      expect(item.name).toBe(FAQ[index]?.question);
      expect(item.acceptedAnswer["@type"]).toBe("Answer");
      expect(item.acceptedAnswer.text).toBe(FAQ[index]?.answer);
    });
  });

  it("survives JSON serialisation unchanged (it is rendered as JSON-LD)", () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
