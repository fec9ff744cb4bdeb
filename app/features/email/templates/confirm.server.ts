/** "Confirm your address": the double opt-in message, sent after a sign-up (ADR 0031). */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import type { EmailKind } from "./types.server";

export const confirmPayload = z.object({
  /**
   * Set when the message answers a sign-up made just now: it then reaches even a suppressed address,
   * because confirming is the new consent that lifts the suppression.
   */
  consentRequest: z.boolean().optional(),
  /** Which form asked: the waitlist ("waitlist") or a platform notification ("notify"). */
  form: z.enum(["waitlist", "notify"]).optional(),
});

export const confirmKind: EmailKind<z.infer<typeof confirmPayload>> = {
  name: "confirm",
  payload: confirmPayload,
  // Pending, or unsubscribed and asking to come back (a new sign-up): confirming is the new consent.
  wanted: (entry) => entry.status !== "confirmed",
  ignoresSuppression: (payload, reason) => payload.consentRequest === true && reason === "unsubscribed",
  async content({ payload, links }) {
    const list = payload.form === "notify" ? `${siteConfig.appName} updates` : `the ${siteConfig.appName} waitlist`;
    return {
      subject: `Confirm your email for ${siteConfig.appName}`,
      preheader: `One click to confirm you asked to join ${list}.`,
      // The address is not confirmed yet, so whoever typed it may not own it: the name they typed is not repeated.
      heading: "Please confirm your email",
      blocks: [
        { type: "paragraph", text: `Someone, hopefully you, asked to join ${list} with this address. Confirm that it was you:` },
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
