import { describe, expect, it } from "vitest";
import { tutorialDurationLabel, tutorialLevelLabel } from "~/components/content/format";
import { tutorials } from "~/content/generated/content";
import { i18nFor } from "~/lib/i18n/catalogues.server";

// A tutorial's level and duration come from its Markdown in English and are shown in the page's
// language: each one must have its message.

const english = i18nFor("en");
const t = (id: Parameters<typeof english._>[0] & string, values?: Record<string, string | number>) => english._(id, values);

describe("tutorial labels", () => {
  it.each(tutorials.map((tutorial) => [tutorial.slug, tutorial] as const))("%s reads its level and duration from the catalogue", (_, tutorial) => {
    expect(tutorialLevelLabel(t, tutorial.level)).toBe(tutorial.level);
    expect(tutorialDurationLabel(t, tutorial.duration)).toBe(tutorial.duration);
    expect(tutorialDurationLabel((id, values) => `${id}:${JSON.stringify(values)}`, tutorial.duration)).toMatch(/^tutorials\.duration:/);
  });
});
