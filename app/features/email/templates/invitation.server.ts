/**
 * The beta invitation (issue 17): the TestFlight link of its batch and how to install the beta. One per
 * person, ever (email_outbox_one_invitation_unique); the person is marked invited when it goes out.
 */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { INVITATION_AUDIENCE } from "../audiences.server";
import type { EmailKind } from "./types.server";

export const invitationPayload = z.object({});

export const invitationKind: EmailKind<z.infer<typeof invitationPayload>> = {
  name: "invitation",
  payload: invitationPayload,
  needsCampaign: true,
  wanted: (entry) => INVITATION_AUDIENCE.wants(entry),
  ignoresSuppression: () => false,
  async content({ entry, links, campaign }) {
    const testflight = campaign?.testflightUrl;
    if (!testflight) throw new Error("invitation: the batch has no TestFlight link");
    const app = siteConfig.appName;
    return {
      subject: `Your invitation to the ${app} beta`,
      preheader: "Your turn has come: join the beta on TestFlight.",
      heading: entry.firstName ? `${entry.firstName}, you're invited to the ${app} beta` : `You're invited to the ${app} beta`,
      blocks: [
        { type: "paragraph", text: `Your turn on the waitlist has come. ${app}'s beta runs through TestFlight, Apple's app for testing apps before they reach the App Store.` },
        { type: "external_button", label: "Join the beta on TestFlight", url: testflight },
        {
          type: "steps",
          items: [
            "On your iPhone or iPad, install TestFlight from the App Store (it is free, made by Apple).",
            "Open the TestFlight link above on that device and tap Accept, then Install.",
            `Open ${app} and try it with your own links. In TestFlight, tap Send Beta Feedback to tell us what works and what does not.`,
          ],
        },
        { type: "paragraph", text: "Your status page keeps the link too, in case you open this message on another device:" },
        { type: "button", label: "Open my status page", url: await links.status(), secondary: true },
        { type: "note", text: "The beta has a limited number of places; if the link says the beta is full, try again in a few days." },
      ],
      reason: INVITATION_AUDIENCE.reason,
    };
  },
};
