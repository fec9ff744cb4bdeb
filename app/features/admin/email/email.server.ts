/**
 * The outbox for the admin (ADR 0031): where email goes (off, development mailbox, Resend), the rows
 * by status, when a message last went out, and the failed messages with their retry.
 *
 * A retry puts the same row back in the queue (its idempotency key unchanged, so no second row and no
 * second message): due now, with its attempts at zero so it gets the sender's whole retry schedule.
 * The outbox has no "updated" column; a failed row's next_attempt_at is when its last attempt became
 * due, which is when that attempt was made (to within a cron minute), so it stands for "last attempt".
 */
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, count, desc, eq, gte, inArray, max } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox, emailOutboxStatuses, type EmailOutboxStatus } from "~/db/schema";
import { auditChangesStatement } from "~/features/admin/audit.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, parseId, saveFailedRedirect } from "~/features/admin/guard.server";
import { withQuery } from "~/features/admin/list-page.server";
import { requireAdmin, type SignedInAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { createDb } from "~/lib/db.server";
import { emailSettings, type EmailEnv } from "~/lib/env.server";
import type { EmailMode } from "./email-mode";

export const FAILED_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/**
 * The sender's last_error for a batch whose outcome stayed unknown past the provider's 24 h
 * idempotency window (features/email/sender.server.ts): it may have been delivered, so "retry all"
 * leaves it out; a retry of that one message is the admin's own decision.
 */
export const MAY_HAVE_BEEN_DELIVERED = "uncertain_outcome";

export const EMAIL_PAGE_MESSAGES = {
  unknownIntent: "That action is not available on this page.",
  badId: "Choose a message from the list of failed messages.",
  notFailed: "That message is not failed any more, so there is nothing to retry.",
  nothingToRetry: "There are no failed messages to retry.",
  onlyUncertain: "Nothing was retried: every failed message may have been delivered already. Retry them one by one if you are sure they were not.",
  retried: (kind: string) => `The ${kind} message is queued again and will be sent shortly.`,
  retriedAll: (n: number, skipped: number) =>
    `${n.toLocaleString("en")} failed ${n === 1 ? "message is" : "messages are"} queued again and will be sent shortly.` +
    (skipped > 0 ? ` ${skipped.toLocaleString("en")} left out: ${skipped === 1 ? "it" : "they"} may have been delivered already.` : ""),
  emailOff: " Email is off, so nothing goes out until it is turned on.",
} as const;

/** Where email goes with these variables: the one decision is emailSettings (lib/env.server.ts). */
export function emailModeOf(env: EmailEnv): EmailMode {
  const settings = emailSettings(env);
  return settings.enabled ? settings.provider : "off";
}

export interface EmailSummary {
  mode: EmailMode;
  byStatus: Record<EmailOutboxStatus, number>;
  /** When the last message went out (ISO), or null. */
  lastSentAt: string | null;
  /** Messages that failed for good whose last attempt was in the last 24 hours. */
  failedLast24h: number;
  queued: number;
  /** Whether the provider's delivery reports are configured (EMAIL_WEBHOOK_SECRET), where they go, and what they said in the last 24 hours. */
  reports: { configured: boolean; endpoint: string; bouncedLast24h: number; complainedLast24h: number };
}

/** Where the provider posts its delivery reports (features/outreach/webhook.server.ts). */
export const WEBHOOK_PATH = "/api/email/webhook";

/** The outbox at a glance, in one D1 batch: the dashboard's email card and the email page's figures. */
export async function loadEmailSummary(d1: D1Database, env: EmailEnv & { EMAIL_WEBHOOK_SECRET?: string }, now = Date.now()): Promise<EmailSummary> {
  const db = createDb(d1);
  const dayAgo = new Date(now - DAY_MS).toISOString();
  const [byStatus, lastSent, failedRecently, problems] = await db.batch([
    db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
    db.select({ at: max(emailOutbox.sentAt) }).from(emailOutbox).where(eq(emailOutbox.status, "sent")),
    db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "failed"), gte(emailOutbox.nextAttemptAt, dayAgo))),
    db
      .select({ event: emailOutbox.deliveryEvent, n: count() })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.deliveryEvent, ["bounced", "complained"]), gte(emailOutbox.deliveryEventAt, dayAgo)))
      .groupBy(emailOutbox.deliveryEvent),
  ]);
  const problem = (event: string) => problems.find((row) => row.event === event)?.n ?? 0;
  const counts = Object.fromEntries(emailOutboxStatuses.map((status) => [status, 0])) as Record<EmailOutboxStatus, number>;
  for (const row of byStatus) counts[row.status] = row.n;
  return {
    mode: emailModeOf(env),
    byStatus: counts,
    lastSentAt: lastSent[0]?.at ?? null,
    failedLast24h: failedRecently[0]?.n ?? 0,
    queued: counts.queued,
    reports: {
      configured: Boolean(env.EMAIL_WEBHOOK_SECRET),
      endpoint: new URL(WEBHOOK_PATH, `${env.SITE_URL}/`).href,
      bouncedLast24h: problem("bounced"),
      complainedLast24h: problem("complained"),
    },
  };
}

export interface FailedMessage {
  id: number;
  kind: string;
  recipient: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string;
}

/** One page of the failed messages, most recent failure first (the last page when asked past it). */
export async function listFailedMessages(d1: D1Database, requestedPage: number) {
  const db = createDb(d1);
  const failed = eq(emailOutbox.status, "failed");
  const pageOf = (page: number) =>
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        recipient: emailOutbox.recipient,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        lastAttemptAt: emailOutbox.nextAttemptAt,
      })
      .from(emailOutbox)
      .where(failed)
      .orderBy(desc(emailOutbox.nextAttemptAt), desc(emailOutbox.id))
      .limit(FAILED_PAGE_SIZE)
      .offset((page - 1) * FAILED_PAGE_SIZE);
  const [totals, firstTry] = await db.batch([db.select({ n: count() }).from(emailOutbox).where(failed), pageOf(requestedPage)]);
  const total = totals[0]?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / FAILED_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const rows: FailedMessage[] = page === requestedPage ? firstTry : await pageOf(page);
  return { rows, total, page, pageCount };
}

/** The columns a retry sets: queued, due now, a fresh schedule, no claim or pin left over. */
const REQUEUE = `status = 'queued', attempts = 0, next_attempt_at = ?1, claim_id = NULL, claimed_until = NULL, batch_key = NULL`;

/** Queues one failed message again, with its audit row; null when it is not (or no longer) failed. */
export async function retryFailedMessage(d1: D1Database, admin: SignedInAdmin, id: number, now = Date.now()): Promise<{ kind: string } | null> {
  const [updated] = await d1.batch<{ kind: string }>([
    d1.prepare(`UPDATE email_outbox SET ${REQUEUE} WHERE id = ?2 AND status = 'failed' RETURNING kind`).bind(new Date(now).toISOString(), id),
    auditChangesStatement(d1, admin, "retried failed email", `email #${id}`),
  ]);
  const row = updated?.results[0];
  return row ? { kind: row.kind } : null;
}

/**
 * Queues every failed message again (of one campaign, when `campaignId` is given) but those that may
 * have been delivered; with one audit row.
 */
export async function retryAllFailedMessages(
  d1: D1Database,
  admin: SignedInAdmin,
  now = Date.now(),
  campaignId: number | null = null,
): Promise<{ retried: number; skipped: number }> {
  const [updated, , skipped] = await d1.batch<{ n: number }>([
    d1
      .prepare(
        `UPDATE email_outbox SET ${REQUEUE}
          WHERE status = 'failed' AND coalesce(last_error, '') NOT LIKE ?2 AND (?3 IS NULL OR campaign_id = ?3) RETURNING id`,
      )
      .bind(new Date(now).toISOString(), `${MAY_HAVE_BEEN_DELIVERED}%`, campaignId),
    auditChangesStatement(d1, admin, "retried all failed email", campaignId === null ? "email outbox" : `campaign #${campaignId}`),
    d1.prepare("SELECT count(*) AS n FROM email_outbox WHERE status = 'failed' AND (?1 IS NULL OR campaign_id = ?1)").bind(campaignId),
  ]);
  return { retried: updated?.results.length ?? 0, skipped: skipped?.results[0]?.n ?? 0 };
}

const pageParam = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const EMAIL_PATH = ADMIN_PATHS.email;
const pageHref = (page: number) => withQuery(EMAIL_PATH, new URLSearchParams(page > 1 ? { page: String(page) } : {}));

export async function loadEmailPage({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const d1 = context.cloudflare.env.DB;
  const requested = pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [summary, failed] = await Promise.all([loadEmailSummary(d1, context.env), listFailedMessages(d1, requested)]);
  return json({
    summary,
    failed: failed.rows.map((row) => ({ ...row, mayHaveBeenDelivered: (row.lastError ?? "").startsWith(MAY_HAVE_BEEN_DELIVERED) })),
    total: failed.total,
    page: failed.page,
    pageCount: failed.pageCount,
  });
}

/** A refusal of the post itself: the page again with the message, and a 4xx. */
const refuse = (message: string, status = 400) => json(formRefusal(message), { status });

async function afterRetry(request: Request, context: AppLoadContext, message: string): Promise<Response> {
  nudgeEmailDelivery(context);
  const off = emailModeOf(context.env) === "off" ? EMAIL_PAGE_MESSAGES.emailOff : "";
  const back = pageHref(pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined));
  return redirectWithFlash(request, context, back, { kind: "success", message: message + off });
}

/** Retry one failed message, or all of them; then back to the same page of the list. */
export const emailAction = adminAction(async ({ request, context, session, fields }) => {
  const d1 = context.cloudflare.env.DB;
  if (fields.intent !== "retry" && fields.intent !== "retry-all") return refuse(EMAIL_PAGE_MESSAGES.unknownIntent);
  const id = fields.intent === "retry" ? parseId(fields.id) : null;
  if (fields.intent === "retry" && !id) return refuse(EMAIL_PAGE_MESSAGES.badId);
  const save = async () => {
    if (id) {
      const retried = await retryFailedMessage(d1, session.admin, id);
      if (!retried) return refuse(EMAIL_PAGE_MESSAGES.notFailed, 409);
      return afterRetry(request, context, EMAIL_PAGE_MESSAGES.retried(retried.kind.replace(/_/g, " ")));
    }
    const { retried, skipped } = await retryAllFailedMessages(d1, session.admin);
    if (retried === 0) return refuse(skipped === 0 ? EMAIL_PAGE_MESSAGES.nothingToRetry : EMAIL_PAGE_MESSAGES.onlyUncertain, 409);
    return afterRetry(request, context, EMAIL_PAGE_MESSAGES.retriedAll(retried, skipped));
  };
  return answerSaveFailure({ event: "admin_email_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, EMAIL_PATH));
});
