/**
 * The beta invitation (issue 17): the TestFlight link of its batch and how to install the beta. One per
 * person, ever (email_outbox_one_invitation_unique); the person is marked invited when it goes out.
 */
import { z } from "zod";
import { INVITATION_AUDIENCE } from "../audiences.server";
import type { EmailKind } from "./types.server";

export const invitationPayload = z.object({});

export const invitationKind: EmailKind<z.infer<typeof invitationPayload>> = {
  name: "invitation",
  payload: invitationPayload,
  needsCampaign: true,
  wanted: (entry) => INVITATION_AUDIENCE.wants(entry),
  ignoresSuppression: () => false,
  async content({ entry, links, campaign, t }) {
    const testflight = campaign?.testflightUrl;
    if (!testflight) throw new Error("invitation: the batch has no TestFlight link");
    return {
      subject: t("email.invitation.subject"),
      preheader: t("email.invitation.preheader"),
      heading: entry.firstName ? t("email.invitation.headingNamed", { name: entry.firstName }) : t("email.invitation.heading"),
      blocks: [
        { type: "paragraph", text: t("email.invitation.intro") },
        { type: "external_button", label: t("email.invitation.button"), url: testflight },
        { type: "steps", items: [t("email.invitation.stepInstall"), t("email.invitation.stepAccept"), t("email.invitation.stepTry")] },
        { type: "paragraph", text: t("email.invitation.statusIntro") },
        { type: "button", label: t("email.invitation.statusButton"), url: await links.status(), secondary: true },
        { type: "note", text: t("email.invitation.note") },
      ],
      reason: t(INVITATION_AUDIENCE.reason),
    };
  },
};
