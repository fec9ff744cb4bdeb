/**
 * What the admin's outreach actions share (the beta testers page's invitations, the announcements
 * page): sending a campaign (create it, queue its rows, nudge the sender), resuming one, retrying its
 * failed messages, a test copy to the admin's own address, and the preview of its message.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { SAMPLE_ENTRY, renderMessage } from "~/features/email/templates/render.server";
import { emailKinds } from "~/features/email/templates/kinds.server";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { fromWithName } from "~/features/email/provider.server";
import type { Segment } from "~/features/email/audiences.server";
import type { TestCopy } from "~/features/email/campaign-content.server";
import { emailSettings } from "~/lib/env.server";
import { readOutreachSettings } from "~/lib/settings.server";
import { DEFAULT_LANG, type Lang } from "~/lib/i18n/languages";
import { createCampaign, queueCampaign, testCopyInsert, type Campaign, type NewCampaign, type QueueProgress } from "./campaigns.server";

export const OUTREACH_MESSAGES = {
  emailOff: "Email is off, so nothing can be sent. Set EMAIL_API_KEY (see the Email page) and try again.",
  testSent: (address: string) => `A test copy is on its way to ${address}. It goes through the outbox like every message, within a minute.`,
  nothingToResume: "Every message of that campaign is already queued.",
  unknownCampaign: "That campaign does not exist.",
} as const;

/** The message a campaign's recipients get in `lang`, for the preview (rendered for a sample person, as a test copy is). */
export async function previewMessage(context: AppLoadContext, content: TestCopy & { segment?: Segment }, lang: Lang = DEFAULT_LANG) {
  const env = context.env;
  const { senderName } = await readOutreachSettings(context.cloudflare.env.DB);
  const kind = emailKinds[content.kind];
  const message = await renderMessage(kind, {
    to: SAMPLE_ENTRY.email,
    entry: "sample",
    payload: content.segment ? { segment: content.segment } : {},
    issuedAt: Date.now(),
    keys: { siteUrl: env.SITE_URL, tokenSecret: "" },
    campaign: { id: 0, ...content },
    lang,
  });
  return { subject: message.subject.replace(/^\[Test\] /, ""), from: fromWithName(env.EMAIL_FROM, senderName), html: message.html, text: message.text };
}

/** Whether anything can be sent (email on, through the provider or the development mailbox). */
export function emailIsOn(context: AppLoadContext): boolean {
  return emailSettings(context.env).enabled;
}

/** Queues a test copy in `lang` to the admin's own address and nudges the sender. */
export async function sendTestCopy(context: AppLoadContext, to: string, content: TestCopy & { segment?: Segment }, lang: Lang = DEFAULT_LANG): Promise<void> {
  const db = context.cloudflare.env.DB;
  await testCopyInsert(db, to, content, lang).run();
  nudgeEmailDelivery(context);
}

export type LaunchOutcome = { created: boolean; progress: QueueProgress };

/**
 * Creates the campaign (or finds the one this form already created), queues what is not queued yet
 * within the request's budget, and nudges the sender.
 */
export async function launchCampaign(context: AppLoadContext, admin: { id: number; email: string }, campaign: NewCampaign, auditAction: string): Promise<LaunchOutcome> {
  const db = context.cloudflare.env.DB;
  const { campaign: row, created } = await createCampaign(db, admin, campaign, auditAction);
  const progress = await queueCampaign(db, row);
  if (progress.written > 0 || created) nudgeEmailDelivery(context);
  return { created, progress };
}

/** Queues the rest of a campaign whose queueing stopped (its request ended first). */
export async function resumeCampaign(context: AppLoadContext, campaign: Campaign): Promise<QueueProgress> {
  const progress = await queueCampaign(context.cloudflare.env.DB, campaign);
  if (progress.written > 0) nudgeEmailDelivery(context);
  return progress;
}

/** "Queued 250 of 250 invitations." or, when the request ran out of time, how far it got. */
export function queuedMessage(progress: QueueProgress, noun: { one: string; many: string }, created: boolean): string {
  const { campaign } = progress;
  const n = (value: number) => value.toLocaleString("en");
  const word = campaign.queuedCount === 1 ? noun.one : noun.many;
  const again = created ? "" : "This form was already sent: nothing was sent twice. ";
  if (!progress.done) {
    return `${again}Queued ${n(campaign.queuedCount)} ${word} so far, of about ${n(campaign.audienceSize)}. Press Resume on its row to queue the rest.`;
  }
  if (campaign.queuedCount === 0) return `${again}No one was left to send to: everyone had already been reached, left or changed their preferences.`;
  return `${again}Queued ${n(campaign.queuedCount)} ${word}. They go out at the provider's pace; the counts below update as they do.`;
}
