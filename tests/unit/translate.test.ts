// What a visitor reads from a message with values (app/lib/i18n/translate.ts).
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { translate } from "~/lib/i18n/translate";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      greeting: compileMessage("Hello {name}!"),
      when: compileMessage("{kind, select, single {We'll email you when {platforms} is ready.} other {We'll email you as each is ready.}}"),
      place: compileMessage("{count, plural, one {# person} other {# people}} ahead of {name}"),
    },
  },
});

describe("translate", () => {
  it("shows a typed value exactly as typed, escape-like sequences included", () => {
    expect(translate(i18n, "greeting", { name: "Ada\\u0041 <b>" })).toBe("Hello Ada\\u0041 <b>!");
  });

  it("chooses a select's branch and a plural's form by the value itself", () => {
    expect(translate(i18n, "when", { kind: "single", platforms: "the Android app" })).toBe("We'll email you when the Android app is ready.");
    expect(translate(i18n, "when", { kind: "several", platforms: "x" })).toBe("We'll email you as each is ready.");
    expect(translate(i18n, "place", { count: 1, name: "Bea" })).toBe("1 person ahead of Bea");
  });
});
