/**
 * The waitlist's words in the catalogue (issue 32): what a form shows is what its proof of consent
 * records (the English text of each version), and a notify-me request's platforms read as a list in
 * the page's language.
 */
import { describe, expect, it } from "vitest";
import { CONSENT_WORDINGS, CURRENT_CONSENT_WORDING } from "~/features/waitlist/consent-wording";
import { notifyRequestValues } from "~/features/waitlist/entry-request";
import { REJOIN_WORDING } from "~/features/waitlist/entry-views";
import { englishT } from "../support/english";

describe("the consent a form records", () => {
  it("is the English text the form shows", () => {
    expect(CONSENT_WORDINGS[CURRENT_CONSENT_WORDING.waitlist]).toBe(englishT("waitlist.form.privacyNote"));
    expect(CONSENT_WORDINGS[CURRENT_CONSENT_WORDING.notify]).toBe(englishT("notify.intro.consentNote"));
    expect(CONSENT_WORDINGS[CURRENT_CONSENT_WORDING.notifyPlatform]).toBe(`${englishT("notify.intro.consentNote")} ${englishT("notify.form.updatesChoice")}`);
    expect(REJOIN_WORDING.text).toBe(englishT("status.unsubscribed.rejoinConsent"));
  });
});

describe("a notify-me request's platforms", () => {
  const request = { beta: false, platforms: ["android", "macos", "chrome_extension"] as const, updates: false };

  it("read as the English spec writes them", () => {
    const values = notifyRequestValues({ ...request, platforms: [...request.platforms] }, englishT, "en");
    expect(englishT("status.notify.title", values)).toBe("We'll email you as each of the Android app, the Mac app and the Chrome extension is ready");
    expect(englishT("status.notify.title", notifyRequestValues({ ...request, platforms: ["android"] }, englishT, "en"))).toBe(
      "We'll email you when the Android app is ready",
    );
    expect(englishT("status.notify.title", notifyRequestValues({ ...request, platforms: [], updates: true }, englishT, "en"))).toBe(
      "We'll email you news and updates",
    );
  });

  it("are joined as the page's language joins a list", () => {
    expect(notifyRequestValues({ ...request, platforms: ["android", "macos"] }, (id) => id, "de").platforms).toBe(
      "status.platforms.android und status.platforms.macos",
    );
  });
});
