/** "Confirm your address": the double opt-in message, sent after a sign-up (ADR 0031). */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { platformsWanted, whenReady } from "../segments";
import type { EmailKind } from "./types.server";

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
  async content({ entry, payload, links }) {
    // What is being confirmed, as the entry has it now (one request may have joined another since).
    const platforms = platformsWanted(entry.preferences);
    const asked =
      payload.joinBeta || entry.intent === "beta_testing"
        ? `to join the ${siteConfig.appName} beta waitlist`
        : platforms.length > 0
          ? `to hear from ${siteConfig.appName} ${whenReady(platforms)}`
          : `for ${siteConfig.appName} news and updates`;
    return {
      subject: `Confirm your email for ${siteConfig.appName}`,
      preheader: `One click to confirm you asked ${asked}.`,
      // The address is not confirmed yet, so whoever typed it may not own it: the name they typed is not repeated.
      heading: "Please confirm your email",
      blocks: [
        { type: "paragraph", text: `Someone, hopefully you, asked ${asked} with this address. Confirm that it was you:` },
        { type: "button", label: "Confirm my email", url: await links.confirm() },
        { type: "note", text: "The link works for 48 hours." },
        {
          type: "note",
          text: "If it was not you, ignore this message: we will not write again, and the unconfirmed address is deleted within 30 days.",
        },
      ],
      reason: `You are getting this because this address was entered on ${siteConfig.appName}'s website.`,
    };
  },
};
