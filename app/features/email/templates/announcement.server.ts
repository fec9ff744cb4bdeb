/**
 * An announcement (issue 17): the owner's subject and Markdown body, to one segment. Each person gets it
 * only while they are still in the segment when it is due (preferences are checked again then). The
 * owner's text goes out as written; only its wrapper (greeting, preferences, footer) is in the person's
 * language (ADR 0058).
 */
import { z } from "zod";
import { SEGMENT_AUDIENCES, SEGMENTS } from "../audiences.server";
import { renderMarkdown } from "./markdown.server";
import type { EmailKind } from "./types.server";

export const announcementPayload = z.object({ segment: z.enum(SEGMENTS) });

export const announcementKind: EmailKind<z.infer<typeof announcementPayload>> = {
  name: "announcement",
  payload: announcementPayload,
  needsCampaign: true,
  wanted: (entry, payload) => SEGMENT_AUDIENCES[payload.segment].wants(entry),
  ignoresSuppression: () => false,
  async content({ entry, payload, links, campaign, t }) {
    if (!campaign?.subject || !campaign.bodyMarkdown) throw new Error("announcement: the campaign has no subject or body");
    const body = renderMarkdown(campaign.bodyMarkdown, links.site);
    return {
      subject: campaign.subject,
      preheader: body.text.replace(/\s+/g, " ").slice(0, 120),
      heading: campaign.subject,
      blocks: [
        ...(entry.firstName ? [{ type: "paragraph" as const, text: t("email.announcement.greeting", { name: entry.firstName }) }] : []),
        { type: "markdown", html: body.html, text: body.text },
        { type: "note", text: t("email.announcement.preferencesNote") },
        { type: "button", label: t("email.announcement.preferencesButton"), url: await links.status(), secondary: true },
      ],
      reason: t(SEGMENT_AUDIENCES[payload.segment].reason),
    };
  },
};
