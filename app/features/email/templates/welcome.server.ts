/** "You're on the list": sent once an address is confirmed, with the status page and referral link. */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import type { Block, EmailKind } from "./types.server";

export const welcomePayload = z.object({
  /** The place in line when the entry was confirmed, and how many were in line (optional). */
  place: z.number().int().positive().optional(),
  total: z.number().int().positive().optional(),
});

export const welcomeKind: EmailKind<z.infer<typeof welcomePayload>> = {
  name: "welcome",
  payload: welcomePayload,
  wanted: (entry) => entry.status === "confirmed",
  ignoresSuppression: () => false,
  async content({ entry, payload, links }) {
    const referral = links.referral();
    const blocks: Block[] = [{ type: "paragraph", text: `Your email is confirmed: you are on the ${siteConfig.appName} waitlist.` }];
    if (payload.place) {
      blocks.push({ type: "highlight", text: payload.total ? `You are #${payload.place} of ${payload.total}` : `You are #${payload.place}` });
    }
    blocks.push(
      { type: "paragraph", text: "Your private status page shows your place in line, your referrals and your email preferences:" },
      { type: "button", label: "See my place in line", url: await links.status() },
    );
    if (referral) {
      blocks.push({
        type: "link",
        label: "Move up the list: share your referral link. Each friend who joins and confirms moves you ahead.",
        url: referral,
      });
    }
    blocks.push({ type: "note", text: "Keep the status page link to yourself: anyone with it can see and change your preferences." });
    return {
      subject: `You're on the ${siteConfig.appName} waitlist`,
      preheader: "Your place in line and your referral link.",
      heading: entry.firstName ? `Welcome, ${entry.firstName}!` : "Welcome!",
      blocks,
      reason: `You are getting this because you confirmed your email for ${siteConfig.appName}'s waitlist.`,
    };
  },
};
