/**
 * Beta invitations on the beta testers page (issue 17, ADR 0036): the owner reviews an invitation to
 * the next N confirmed testers in line, or to the rows they ticked (its recipients and the message as
 * they get it), may send a test copy to their own address, then sends it. A batch is a campaign
 * (features/outreach): its messages go through the outbox and the paced sender like every other, and
 * its progress (queued, sent, failed, bounced, complaints) shows in the batches table.
 *
 * Never twice: the review form carries a request key the batch is unique by (a double click, a reload
 * or a retried post finds the batch and only resumes it), and one invitation per person ever
 * (email_outbox_one_invitation_unique).
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { type CampaignListItem } from "~/features/admin/campaigns/CampaignList";
import { campaignAction, isCampaignIntent } from "~/features/admin/campaigns/campaign-actions.server";
import { formRefusal, languageChoice, wholeNumber } from "~/features/admin/form-schema";
import { adminLanguageName, adminLanguageOptions } from "~/features/admin/language-names";
import { DEFAULT_LANG, type Lang } from "~/lib/i18n/languages";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { previewHtml } from "~/features/admin/ui/preview-html";
import { audienceSize, invitationCounts, findCampaign, listCampaigns, MAX_INVITATION_BATCH, nextInLine, type Audience } from "~/features/outreach/campaigns.server";
import { emailIsOn, launchCampaign, OUTREACH_MESSAGES, previewMessage, queuedMessage, sendTestCopy } from "~/features/outreach/launch.server";
import { readOutreachSettings } from "~/lib/settings.server";

/** The most rows one "invite selected" may tick (the page shows 25 at a time). */
export const MAX_SELECTED = 100;
/** How many of the recipients the review names. */
const NAMED_IN_REVIEW = 10;

export const INVITE_INTENTS = ["review-invite", "test-invite", "invite"] as const;

export const INVITATION_MESSAGES = {
  noTestflight: "Set the TestFlight public link in Settings first: every invitation carries it.",
  count: `Use a whole number of testers from 1 to ${MAX_INVITATION_BATCH.toLocaleString("en")}.`,
  noneSelected: "Tick at least one tester in the table, then review the invitation.",
  tooManySelected: `Tick at most ${MAX_SELECTED} testers at a time.`,
  badRequest: "This form is out of date. Review the invitation again.",
  nobody: "No one in that choice can be invited: they are already invited, not confirmed, unsubscribed, or have beta invitations turned off.",
  language: "Choose a language from the list.",
} as const;

const NOUN = { one: "invitation", many: "invitations" };

/** The invitation form's fields: which testers (the next N, or the ticked rows) and the request key. */
const inviteSchema = z.object({
  mode: z.enum(["next", "selected"], { error: INVITATION_MESSAGES.badRequest }),
  count: wholeNumber(INVITATION_MESSAGES.count, { min: 1, max: MAX_INVITATION_BATCH }).optional(),
  request: z.string({ error: INVITATION_MESSAGES.badRequest }).regex(/^[A-Za-z0-9-]{8,64}$/, INVITATION_MESSAGES.badRequest),
  /** The language the review's preview and the test copy are in (each tester gets their own, ADR 0058). */
  previewLanguage: languageChoice(INVITATION_MESSAGES.language).default(DEFAULT_LANG),
});

/** The ticked rows: fields named "invite.<id>" (a checkbox per row, tied to the form by its form attribute). */
export function selectedIds(fields: Record<string, string>): number[] {
  const ids = Object.keys(fields).flatMap((name) => {
    const match = /^invite\.(\d{1,12})$/.exec(name);
    return match ? [Number(match[1])] : [];
  });
  return [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b);
}

type Choice = { audience: Audience; requestKey: string; asked: number; previewLanguage: Lang };

/** The fields as a choice of testers, or the refusal to show. */
function readChoice(fields: Record<string, string>): Choice | { refused: string } {
  const parsed = inviteSchema.safeParse({ mode: fields.mode, count: fields.count || undefined, request: fields.request, previewLanguage: fields.previewLanguage || undefined });
  if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? INVITATION_MESSAGES.badRequest };
  const { mode, count, request, previewLanguage } = parsed.data;
  if (mode === "next") {
    if (count === undefined) return { refused: INVITATION_MESSAGES.count };
    return { audience: { next: count }, requestKey: request, asked: count, previewLanguage };
  }
  const ids = selectedIds(fields);
  if (ids.length === 0) return { refused: INVITATION_MESSAGES.noneSelected };
  if (ids.length > MAX_SELECTED) return { refused: INVITATION_MESSAGES.tooManySelected };
  return { audience: { ids }, requestKey: request, asked: ids.length, previewLanguage };
}

function audienceText(audience: Audience): string {
  if ("next" in audience) return `The next ${audience.next.toLocaleString("en")} in line`;
  if ("ids" in audience) return `${audience.ids.length} selected ${audience.ids.length === 1 ? "tester" : "testers"}`;
  return "Everyone";
}

/** What inviting one person needs (their page): whether email is on, the TestFlight link, and a fresh request key. */
export async function loadInviteForm(context: AppLoadContext) {
  const settings = await readOutreachSettings(context.cloudflare.env.DB);
  return { emailOn: emailIsOn(context), testflightUrl: settings.testflightUrl, requestKey: crypto.randomUUID() };
}

/** What the page needs for inviting: whether it can, who can be invited, a fresh request key, and the batches. */
export async function loadInvitations(context: AppLoadContext) {
  const db = context.cloudflare.env.DB;
  const [form, counts, batches] = await Promise.all([loadInviteForm(context), invitationCounts(db), listCampaigns(db, "invitation", 10)]);
  const items: CampaignListItem[] = batches.map((batch) => ({
    id: batch.id,
    title: `Batch #${batch.id}`,
    audience: audienceText(batch.audience),
    audienceSize: batch.audienceSize,
    queuedCount: batch.queuedCount,
    queuedAt: batch.queuedAt,
    createdAt: batch.createdAt,
    adminEmail: batch.adminEmail,
    counts: batch.counts,
  }));
  return { ...form, invitable: counts.invitable, invited: counts.invited, batches: items };
}

export interface InvitationReview {
  mode: "next" | "selected";
  count: number | null;
  ids: number[];
  requestKey: string;
  /** How many will get it now, and how many of those asked for are left out. */
  size: number;
  leftOut: number;
  named: { id: number; label: string }[];
  /** The preview's language, and the languages it can be shown in (named in English). */
  previewLanguage: Lang;
  previewLanguageName: string;
  languages: { code: Lang; name: string }[];
  preview: { subject: string; from: string; html: string; text: string };
  testSentTo: string | null;
}

export type InvitationAnswer = { intent: "review-invite"; review: InvitationReview } | ReturnType<typeof formRefusal>;

const refuse = (message: string, status = 400) => json(formRefusal(message), { status });

/** The review of a choice: who gets it and the message they get. */
async function review(context: AppLoadContext, choice: Choice, testflightUrl: string, testSentTo: string | null): Promise<InvitationReview> {
  const db = context.cloudflare.env.DB;
  const size = await audienceSize(db, "invitation", choice.audience);
  const named =
    "next" in choice.audience
      ? await nextInLine(db, Math.min(NAMED_IN_REVIEW, choice.audience.next))
      : (
          await db
            .prepare(
              `SELECT id, email, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name FROM waitlist
                WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY line_seq, id LIMIT ?2`,
            )
            .bind(JSON.stringify("ids" in choice.audience ? choice.audience.ids : []), NAMED_IN_REVIEW)
            .all<{ id: number; email: string; name: string }>()
        ).results;
  const message = await previewMessage(context, { kind: "invitation", subject: null, bodyMarkdown: null, testflightUrl }, choice.previewLanguage);
  return {
    mode: "next" in choice.audience ? "next" : "selected",
    count: "next" in choice.audience ? choice.audience.next : null,
    ids: "ids" in choice.audience ? choice.audience.ids : [],
    requestKey: choice.requestKey,
    size,
    leftOut: Math.max(0, choice.asked - size),
    named: named.map((row) => ({ id: row.id, label: row.name ? `${row.name} (${row.email})` : row.email })),
    previewLanguage: choice.previewLanguage,
    previewLanguageName: adminLanguageName(choice.previewLanguage),
    languages: adminLanguageOptions(),
    preview: { ...message, html: previewHtml(message.html) },
    testSentTo,
  };
}

/**
 * The beta testers page's invitation intents. Answers the page's data (a review, or a refusal with a
 * 4xx), or a flash to redirect with.
 */
export async function invitationAction(
  context: AppLoadContext,
  admin: SignedInAdmin,
  fields: Record<string, string>,
): Promise<Response | { flash: { kind: "success" | "error"; message: string } }> {
  if (isCampaignIntent(fields.intent)) {
    const outcome = await campaignAction(context, admin, "invitation", fields.intent, fields, NOUN);
    return "refused" in outcome ? refuse(outcome.refused, outcome.status) : outcome;
  }
  if (!emailIsOn(context)) return refuse(OUTREACH_MESSAGES.emailOff, 409);
  const { testflightUrl } = await readOutreachSettings(context.cloudflare.env.DB);
  if (!testflightUrl) return refuse(INVITATION_MESSAGES.noTestflight, 409);
  const choice = readChoice(fields);
  if ("refused" in choice) return refuse(choice.refused);

  if (fields.intent === "review-invite" || fields.intent === "test-invite") {
    let testSentTo: string | null = null;
    if (fields.intent === "test-invite") {
      await sendTestCopy(context, admin.email, { kind: "invitation", subject: null, bodyMarkdown: null, testflightUrl }, choice.previewLanguage);
      testSentTo = admin.email;
    }
    return json({ intent: "review-invite", review: await review(context, choice, testflightUrl, testSentTo) } satisfies InvitationAnswer);
  }

  // "invite": the batch for this request key (created now, or found again), queued and on its way.
  const db = context.cloudflare.env.DB;
  const size = await audienceSize(db, "invitation", choice.audience);
  if (size === 0 && !(await findCampaign(db, { requestKey: choice.requestKey }))) return refuse(INVITATION_MESSAGES.nobody, 409);
  const { created, progress } = await launchCampaign(
    context,
    admin,
    { kind: "invitation", requestKey: choice.requestKey, audience: choice.audience, audienceSize: size, testflightUrl },
    "sent beta invitations",
  );
  return { flash: { kind: "success", message: queuedMessage(progress, NOUN, created) } };
}
