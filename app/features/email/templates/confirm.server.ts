/** "Confirm your address": the double opt-in message, sent after a sign-up (ADR 0031). */
import { z } from "zod";
import { platformsWanted } from "../segments";
import type { EmailKind } from "./types.server";
import { platformValues } from "./words.server";

export const confirmPayload = z.object({
  /**
   * Set when the message answers a sign-up made just now: it then reaches even a suppressed address,
   * because confirming is the new consent that lifts the suppression.
   */
  consentRequest: z.boolean().optional(),
  /** Which form asked: the waitlist ("waitlist") or a platform notification ("notify"). */
  form: z.enum(["waitlist", "notify"]).optional(),
  /** A confirmed notify-me person asked to join the beta: this confirms that request (ADR 0048). */
  joinBeta: z.boolean().optional(),
});

export const confirmKind: EmailKind<z.infer<typeof confirmPayload>> = {
  name: "confirm",
  payload: confirmPayload,
  // Pending, or unsubscribed and asking to come back (a new sign-up): confirming is the new consent. A
  // request to join the beta, while the person is confirmed and not in it yet.
  wanted: (entry, payload) => (payload.joinBeta ? entry.status === "confirmed" && entry.intent !== "beta_testing" : entry.status !== "confirmed"),
  ignoresSuppression: (payload, reason) => payload.consentRequest === true && reason === "unsubscribed",
  async content({ entry, payload, links, lang, t }) {
    // What is being confirmed, as the entry has it now (one request may have joined another since).
    const platforms = platformsWanted(entry.preferences);
    const asked = payload.joinBeta || entry.intent === "beta_testing" ? "Beta" : platforms.length > 0 ? "Platforms" : "News";
    const values = platformValues(lang, t, platforms);
    return {
      subject: t("email.confirmation.subject"),
      preheader: t(`email.confirmation.preheader${asked}`, values),
      // The address is not confirmed yet, so whoever typed it may not own it: the name they typed is not repeated.
      heading: t("email.confirmation.heading"),
      blocks: [
        { type: "paragraph", text: t(`email.confirmation.asked${asked}`, values) },
        { type: "button", label: t("email.confirmation.button"), url: await links.confirm() },
        { type: "note", text: t("email.confirmation.linkLifetime") },
        { type: "note", text: t("email.confirmation.notYou") },
      ],
      reason: t("email.confirmation.reason"),
    };
  },
};
