/**
 * "You're on the list": sent once an address is confirmed, with the status page and referral link. A
 * notify-me request's welcome speaks of its platforms, with no place or referral link (ADR 0048).
 */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { platformsWanted, whenReady } from "../segments";
import type { Block, EmailContent, EmailKind, RenderContext } from "./types.server";

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
  async content(context) {
    const { entry, payload, links } = context;
    if (entry.intent !== "beta_testing") return notifyWelcome(context);
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
    const platforms = platformsWanted(entry.preferences);
    if (platforms.length > 0) blocks.push({ type: "paragraph", text: `We'll also email you ${whenReady(platforms)}.` });
    blocks.push({ type: "note", text: KEEP_IT_PRIVATE });
    return {
      subject: `You're on the ${siteConfig.appName} waitlist`,
      preheader: "Your place in line and your referral link.",
      heading: entry.firstName ? `Welcome, ${entry.firstName}!` : "Welcome!",
      blocks,
      reason: `You are getting this because you confirmed your email for ${siteConfig.appName}'s waitlist.`,
    };
  },
};

const KEEP_IT_PRIVATE = "Keep the status page link to yourself: anyone with it can see and change your preferences.";

/** The welcome of a notify-me request: what it will hear about, and its status page. */
async function notifyWelcome({ entry, links }: RenderContext<z.infer<typeof welcomePayload>>): Promise<EmailContent> {
  const platforms = platformsWanted(entry.preferences);
  const promise = platforms.length > 0 ? `we'll email you ${whenReady(platforms)}` : `we'll email you ${siteConfig.appName} news and updates`;
  return {
    subject: platforms.length > 0 ? `You'll hear from ${siteConfig.appName} ${whenReady(platforms)}` : `${siteConfig.appName} news and updates are on their way`,
    preheader: "Your email is confirmed. Your status page has your preferences.",
    heading: entry.firstName ? `Thanks, ${entry.firstName}!` : "Thanks!",
    blocks: [
      { type: "paragraph", text: `Your email is confirmed: ${promise}.` },
      { type: "paragraph", text: "Your private status page shows what you hear about from us, and lets you change it:" },
      { type: "button", label: "See my status page", url: await links.status() },
      { type: "note", text: KEEP_IT_PRIVATE },
    ],
    reason: `You are getting this because you confirmed your email for ${siteConfig.appName}'s notifications.`,
  };
}
