/** A fresh link to the status page, for someone who asked for one. */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import type { EmailKind } from "./types.server";

export const statusLinkPayload = z.object({});

export const statusLinkKind: EmailKind<z.infer<typeof statusLinkPayload>> = {
  name: "status_link",
  payload: statusLinkPayload,
  wanted: (entry) => entry.status !== "pending",
  ignoresSuppression: () => false,
  async content({ entry, links }) {
    return {
      subject: `Your ${siteConfig.appName} status page`,
      preheader: "A fresh link to your place in line.",
      heading: entry.firstName ? `Hi ${entry.firstName}, here is your status page` : "Here is your status page",
      blocks: [
        { type: "paragraph", text: "Here is a fresh link to your private status page: your place in line, your referrals, your email preferences, and a way to delete your data." },
        { type: "button", label: "Open my status page", url: await links.status() },
        { type: "note", text: "Keep it to yourself: anyone with the link can see the page. If you did not ask for it, you can ignore this message." },
      ],
      reason: `You are getting this because someone asked for a status page link for this address on ${siteConfig.appName}'s website.`,
    };
  },
};
