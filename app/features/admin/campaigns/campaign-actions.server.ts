/**
 * The row actions of the invitation batches (beta testers page) and the announcements (announcements
 * page): resume the queueing of a campaign whose request ran out of time, and retry its failed
 * messages (the same outbox rows, never a second copy; see the email page's retry).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { EmailCampaignKind } from "~/db/schema";
import { EMAIL_PAGE_MESSAGES, retryAllFailedMessages } from "~/features/admin/email/email.server";
import type { Flash } from "~/features/admin/flash.server";
import { parseId } from "~/features/admin/guard.server";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { findCampaign } from "~/features/outreach/campaigns.server";
import { emailIsOn, OUTREACH_MESSAGES, queuedMessage, resumeCampaign } from "~/features/outreach/launch.server";

export const CAMPAIGN_INTENTS = ["resume", "retry-failed"] as const;

export type CampaignActionOutcome = { flash: Flash } | { refused: string; status: number };

export function isCampaignIntent(intent: string | undefined): intent is (typeof CAMPAIGN_INTENTS)[number] {
  return (CAMPAIGN_INTENTS as readonly string[]).includes(intent ?? "");
}

/** Resume or retry one campaign of `kind` (the page's own kind: a batch id on the announcements page is refused). */
export async function campaignAction(
  context: AppLoadContext,
  admin: SignedInAdmin,
  kind: EmailCampaignKind,
  intent: (typeof CAMPAIGN_INTENTS)[number],
  fields: Record<string, string>,
  noun: { one: string; many: string },
): Promise<CampaignActionOutcome> {
  const db = context.cloudflare.env.DB;
  const id = parseId(fields.id);
  const campaign = id ? await findCampaign(db, { id }) : null;
  if (!campaign || campaign.kind !== kind) return { refused: OUTREACH_MESSAGES.unknownCampaign, status: 404 };
  if (!emailIsOn(context)) return { refused: OUTREACH_MESSAGES.emailOff, status: 409 };
  if (intent === "resume") {
    if (campaign.queuedAt !== null) return { refused: OUTREACH_MESSAGES.nothingToResume, status: 409 };
    const progress = await resumeCampaign(context, campaign);
    return { flash: { kind: "success", message: queuedMessage(progress, noun, true) } };
  }
  const { retried, skipped } = await retryAllFailedMessages(db, admin, Date.now(), campaign.id);
  if (retried === 0) return { refused: skipped === 0 ? EMAIL_PAGE_MESSAGES.nothingToRetry : EMAIL_PAGE_MESSAGES.onlyUncertain, status: 409 };
  nudgeEmailDelivery(context);
  return { flash: { kind: "success", message: EMAIL_PAGE_MESSAGES.retriedAll(retried, skipped) } };
}
