/**
 * A fresh link to the status page: for someone who asked for it ("Email me my link"), or who signed
 * out their old links (signedOut). Only a confirmed person gets one (ADR 0045).
 */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import type { EmailKind } from "./types.server";

export const statusLinkPayload = z.object({ signedOut: z.boolean().optional() });

export const statusLinkKind: EmailKind<z.infer<typeof statusLinkPayload>> = {
  name: "status_link",
  payload: statusLinkPayload,
  wanted: (entry) => entry.status === "confirmed",
  ignoresSuppression: () => false,
  async content({ entry, payload, links }) {
    const greeting = entry.firstName ? `Hi ${entry.firstName}, here is your status page` : "Here is your status page";
    return payload.signedOut
      ? {
          subject: `Your new ${siteConfig.appName} status page link`,
          preheader: "Your old links are signed out. This one works.",
          heading: greeting,
          blocks: [
            { type: "paragraph", text: "You signed out every earlier link to your status page, so the links in our older emails no longer open it. This is the one that works now." },
            { type: "button", label: "Open my status page", url: await links.status() },
            { type: "note", text: "Keep it to yourself: anyone with the link can see and change the page. If you did not sign out your links, open the page and sign out again." },
          ],
          reason: `You are getting this because the old links to your ${siteConfig.appName} status page were signed out from that page.`,
        }
      : {
          subject: `Your ${siteConfig.appName} status page`,
          preheader: "A fresh link to your place in line.",
          heading: greeting,
          blocks: [
            { type: "paragraph", text: "Here is a fresh link to your private status page: your place in line, your referrals, your email preferences, and a way to delete your data." },
            { type: "button", label: "Open my status page", url: await links.status() },
            { type: "note", text: "Keep it to yourself: anyone with the link can see the page. If you did not ask for it, you can ignore this message." },
          ],
          reason: `You are getting this because someone asked for a status page link for this address on ${siteConfig.appName}'s website.`,
        };
  },
};
