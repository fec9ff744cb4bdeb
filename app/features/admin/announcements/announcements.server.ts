/**
 * The announcements page (/admin/announcements, issue 17, ADR 0036): the owner writes a subject and a
 * Markdown body, picks a segment (each with the number of people it reaches now), previews the message
 * as they get it (HTML and text), may send a test copy to their own address, and sends it. An
 * announcement is a campaign (features/outreach): its messages go through the outbox and the paced
 * sender, honour each person's preferences and the suppression list (checked again when each is due),
 * and carry one-click unsubscribe. Each is kept with its audience size and delivery counts, and
 * sending it writes the audit log.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type CampaignListItem } from "~/features/admin/campaigns/CampaignList";
import { campaignAction, isCampaignIntent } from "~/features/admin/campaigns/campaign-actions.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, parseAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { previewHtml } from "~/features/admin/ui/preview-html";
import { SEGMENTS, SEGMENT_TEXT, type Segment } from "~/features/email/segments";
import { audienceCounts, findCampaign, listCampaigns, segmentSize } from "~/features/outreach/campaigns.server";
import { adminLanguageName, adminLanguageOptions } from "~/features/admin/language-names";
import type { Lang } from "~/lib/i18n/languages";
import { emailIsOn, launchCampaign, OUTREACH_MESSAGES, previewMessage, queuedMessage, sendTestCopy } from "~/features/outreach/launch.server";
import { ANNOUNCEMENT_MESSAGES, announcementSchema } from "./announcement-schema";

const PATH = ADMIN_PATHS.announcements;
const NOUN = { one: "message", many: "messages" };

export async function loadAnnouncements({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const db = context.cloudflare.env.DB;
  const [counts, announcements] = await Promise.all([audienceCounts(db), listCampaigns(db, "announcement", 20)]);
  const items: CampaignListItem[] = announcements.map((a) => ({
    id: a.id,
    title: a.subject ?? `Announcement #${a.id}`,
    audience: "segment" in a.audience ? audienceLabel(a.audience.segment, a.audience.language) : "—",
    audienceSize: a.audienceSize,
    queuedCount: a.queuedCount,
    queuedAt: a.queuedAt,
    createdAt: a.createdAt,
    adminEmail: a.adminEmail,
    counts: a.counts,
  }));
  return json({
    emailOn: emailIsOn(context),
    segments: SEGMENTS.map((segment) => ({ segment, ...SEGMENT_TEXT[segment], size: counts.segments[segment] })),
    languages: adminLanguageOptions(),
    requestKey: crypto.randomUUID(),
    announcements: items,
  });
}

/** "Asked about Android", or "Asked about Android · German" for one language's people. */
function audienceLabel(segment: Segment, language: Lang | undefined): string {
  return language ? `${SEGMENT_TEXT[segment].label} · ${adminLanguageName(language)}` : SEGMENT_TEXT[segment].label;
}

export interface AnnouncementReview {
  subject: string;
  body: string;
  segment: Segment;
  segmentLabel: string;
  /** The audience's language ("all": everyone's), and the preview's. */
  language: "all" | Lang;
  previewLanguage: Lang;
  previewLanguageName: string;
  size: number;
  requestKey: string;
  preview: { subject: string; from: string; html: string; text: string };
  testSentTo: string | null;
}

const refuse = (message: string, status = 400) => json(formRefusal(message), { status });

/** Preview, test copy, send; or resume / retry one announcement. */
export const announcementsAction = adminAction(async ({ request, context, session, fields }) => {
  const db = context.cloudflare.env.DB;
  const run = async () => {
    if (isCampaignIntent(fields.intent)) {
      const outcome = await campaignAction(context, session.admin, "announcement", fields.intent, fields, NOUN);
      return "refused" in outcome ? refuse(outcome.refused, outcome.status) : redirectWithFlash(request, context, PATH, outcome.flash);
    }
    const submission = parseAdminForm(fields, announcementSchema);
    if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
    if (!emailIsOn(context)) return refuse(OUTREACH_MESSAGES.emailOff, 409);
    const { intent, subject, body, segment, language, previewLanguage, request: requestKey } = submission.value;
    const only = language === "all" ? undefined : language;
    const content = { kind: "announcement" as const, subject, bodyMarkdown: body, testflightUrl: null, segment };
    const size = segmentSize(await audienceCounts(db), segment, only);

    if (intent === "preview" || intent === "test") {
      if (intent === "test") await sendTestCopy(context, session.admin.email, content, previewLanguage);
      const message = await previewMessage(context, content, previewLanguage);
      const review: AnnouncementReview = {
        subject,
        body,
        segment,
        segmentLabel: audienceLabel(segment, only),
        language,
        previewLanguage,
        previewLanguageName: adminLanguageName(previewLanguage),
        size,
        requestKey,
        preview: { ...message, html: previewHtml(message.html) },
        testSentTo: intent === "test" ? session.admin.email : null,
      };
      return json({ result: submission.reply(), review });
    }

    if (size === 0 && !(await findCampaign(db, { requestKey }))) return refuse(ANNOUNCEMENT_MESSAGES.nobody, 409);
    const { created, progress } = await launchCampaign(
      context,
      session.admin,
      { kind: "announcement", requestKey, audience: { segment, ...(only ? { language: only } : {}) }, audienceSize: size, subject, bodyMarkdown: body },
      "sent announcement",
    );
    return redirectWithFlash(request, context, PATH, { kind: "success", message: queuedMessage(progress, NOUN, created) });
  };
  return answerSaveFailure({ event: "admin_announcements_action_failed", intent: fields.intent }, run, () => saveFailedRedirect(request, context, PATH));
});
