import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONSENT_WORDINGS, CURRENT_CONSENT_WORDING } from "~/features/waitlist/consent-wording";

// The exact text behind each version, as a SHA-256: a wording change needs a new version (and a new line here).
const PINNED: Record<string, string> = {
  "waitlist-2026-11": sha("No spam, ever. Just beta invitations and important updates."),
  "notify-2026-11": sha("One email when it is ready. No spam, unsubscribe any time."),
  "notify-platform-2026-11": sha("One email when it is ready. No spam, unsubscribe any time. Also send me news and updates about the app, a few times a year."),
};

function sha(text: string) {
  return createHash("sha256").update(text).digest("hex");
}

describe("consent wording versions (proof of consent)", () => {
  it("each version still names the exact text it was recorded with", () => {
    for (const [version, text] of Object.entries(CONSENT_WORDINGS)) expect(sha(text), version).toBe(PINNED[version]);
  });

  it("the forms' current versions exist", () => {
    for (const version of Object.values(CURRENT_CONSENT_WORDING)) expect(CONSENT_WORDINGS).toHaveProperty(version);
  });
});
