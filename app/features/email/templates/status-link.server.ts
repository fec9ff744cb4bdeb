/**
 * A fresh link to the status page: for someone who asked for it ("Email me my link"), or who signed
 * out their old links (signedOut). Only a confirmed person gets one (ADR 0045).
 */
import { z } from "zod";
import type { EmailKind } from "./types.server";

export const statusLinkPayload = z.object({ signedOut: z.boolean().optional() });

export const statusLinkKind: EmailKind<z.infer<typeof statusLinkPayload>> = {
  name: "status_link",
  payload: statusLinkPayload,
  wanted: (entry) => entry.status === "confirmed",
  ignoresSuppression: () => false,
  async content({ entry, payload, links, t }) {
    const heading = entry.firstName ? t("email.statusLink.headingNamed", { name: entry.firstName }) : t("email.statusLink.heading");
    const button = { type: "button" as const, label: t("email.statusLink.button"), url: await links.status() };
    return payload.signedOut
      ? {
          subject: t("email.statusLink.signedOutSubject"),
          preheader: t("email.statusLink.signedOutPreheader"),
          heading,
          blocks: [
            { type: "paragraph", text: t("email.statusLink.signedOutIntro") },
            button,
            { type: "note", text: t("email.statusLink.signedOutNote") },
          ],
          reason: t("email.statusLink.signedOutReason"),
        }
      : {
          subject: t("email.statusLink.subject"),
          preheader: t("email.statusLink.preheader"),
          heading,
          blocks: [
            { type: "paragraph", text: t("email.statusLink.intro") },
            button,
            { type: "note", text: t("email.statusLink.note") },
          ],
          reason: t("email.statusLink.reason"),
        };
  },
};
