/**
 * What the companion jobs Worker (workers/jobs/index.ts) does, kept here so tests run it as is:
 * - on its Cron Trigger: deliver due email (the safety net and the retries), then clean up;
 * - on a message in the "linkvault-email" queue: deliver due email (the message only says there is
 *   mail; the outbox rows are the truth);
 * - on a message in the dead-letter queue: log it and let it go (the cron delivers anyway).
 */
import type { JobsEnv } from "~/lib/env.server";
import { logEmailInfo, logEmailWarn } from "./log.server";
import { DEFAULT_DELIVERY, deliverDueEmail, type DeliverOptions, type DeliveryReport } from "./sender.server";

export const EMAIL_QUEUE_NAME = "linkvault-email";
export const EMAIL_DEAD_LETTER_QUEUE_NAME = "linkvault-email-dlq";

const DAY = 86_400_000;
/** Unconfirmed sign-ups (and imports) are deleted after 30 days (their outbox rows go with them, by cascade). */
export const PENDING_ENTRY_LIFETIME_MS = 30 * DAY;
/** Sent, failed and cancelled outbox rows are purged after 90 days. */
export const FINISHED_OUTBOX_LIFETIME_MS = 90 * DAY;

/** The provider's webhook calls are remembered this long, to refuse replays (they are refused after 5 minutes anyway). */
export const WEBHOOK_CALL_LIFETIME_MS = 7 * DAY;

export interface CleanUpReport {
  pendingEntriesDeleted: number;
  outboxRowsPurged: number;
}

/**
 * One batch: the expired pending entries; the delivery counts of the campaign rows about to be purged,
 * added to their campaign's record (so an announcement keeps its figures); the old finished outbox
 * rows; the webhook calls past their replay window.
 */
export async function cleanUpEmailData(db: D1Database, now: number = Date.now()): Promise<CleanUpReport> {
  const outboxCutoff = new Date(now - FINISHED_OUTBOX_LIFETIME_MS).toISOString();
  const [entries, , outbox] = await db.batch([
    // RETURNING: D1's change count would include the outbox rows the cascade removes.
    // An imported entry's time to confirm counts from its import, when it was asked (ADR 0053).
    db.prepare("DELETE FROM waitlist WHERE status = 'pending' AND coalesce(imported_at, created_at) < ?1 RETURNING id").bind(new Date(now - PENDING_ENTRY_LIFETIME_MS).toISOString()),
    db
      .prepare(
        `WITH purged AS (
           SELECT campaign_id AS id, status, delivery_event FROM email_outbox
            WHERE campaign_id IS NOT NULL AND status IN ('sent', 'failed', 'cancelled') AND created_at < ?1
         ), counts AS (
           SELECT id, sum(status = 'sent') AS sent, sum(status = 'failed') AS failed, sum(status = 'cancelled') AS cancelled,
                  sum(delivery_event = 'delivered') AS delivered, sum(delivery_event = 'bounced') AS bounced,
                  sum(delivery_event = 'complained') AS complained
             FROM purged GROUP BY id
         )
         UPDATE email_campaigns SET purged_counts = json_object(
             'sent', coalesce(json_extract(purged_counts, '$.sent'), 0) + counts.sent,
             'failed', coalesce(json_extract(purged_counts, '$.failed'), 0) + counts.failed,
             'cancelled', coalesce(json_extract(purged_counts, '$.cancelled'), 0) + counts.cancelled,
             'delivered', coalesce(json_extract(purged_counts, '$.delivered'), 0) + counts.delivered,
             'bounced', coalesce(json_extract(purged_counts, '$.bounced'), 0) + counts.bounced,
             'complained', coalesce(json_extract(purged_counts, '$.complained'), 0) + counts.complained)
           FROM counts WHERE email_campaigns.id = counts.id`,
      )
      .bind(outboxCutoff),
    db.prepare("DELETE FROM email_outbox WHERE status IN ('sent', 'failed', 'cancelled') AND created_at < ?1").bind(outboxCutoff),
    db.prepare("DELETE FROM email_webhook_calls WHERE received_at < ?1").bind(new Date(now - WEBHOOK_CALL_LIFETIME_MS).toISOString()),
  ]);
  return { pendingEntriesDeleted: entries?.results.length ?? 0, outboxRowsPurged: outbox?.meta.changes ?? 0 };
}

/** The cron: delivery first (a clean-up failure must not hold mail back), then the clean-up. */
export async function runScheduledJobs(env: JobsEnv, options: DeliverOptions = {}): Promise<{ delivery: DeliveryReport; cleanUp: CleanUpReport }> {
  const delivery = await deliverDueEmail(env, options);
  const now = typeof options.now === "function" ? options.now() : (options.now ?? Date.now());
  const cleanUp = await cleanUpEmailData(env.DB, now);
  if (cleanUp.pendingEntriesDeleted > 0 || cleanUp.outboxRowsPurged > 0) logEmailInfo("email_clean_up", { ...cleanUp });
  return { delivery, cleanUp };
}

/**
 * How long one queue message keeps delivering (issue 17): a run stops at 1,000 messages or 25 s, and a
 * queue consumer may run for minutes, so a large announcement goes out run after run at the provider's
 * pace instead of 1,000 a cron minute. The cron keeps its single run.
 */
export const QUEUE_DELIVERY_BUDGET_MS = 5 * 60_000;

/** A run that stopped with more to do: it reached its message cap, or handed rows back when its time ran out. */
const stoppedShort = (report: DeliveryReport, maxMessages: number) => report.claimed >= maxMessages || report.released > 0;

/**
 * A queue batch. Email queue: deliver (run after run while there is more, within the budget), then
 * acknowledge; should delivery throw (D1 unreachable), the batch is retried by the queue and, in the
 * end, dead-lettered. Dead-letter queue: log and acknowledge.
 */
export async function handleEmailQueue(
  batch: Pick<MessageBatch<unknown>, "queue" | "messages" | "ackAll">,
  env: JobsEnv,
  options: DeliverOptions & { budgetMs?: number } = {},
): Promise<DeliveryReport | null> {
  if (batch.queue !== EMAIL_QUEUE_NAME) {
    logEmailWarn("email_queue_dead_letter", { queue: batch.queue, messages: batch.messages.length });
    batch.ackAll();
    return null;
  }
  const { budgetMs = QUEUE_DELIVERY_BUDGET_MS, ...deliverOptions } = options;
  const clock = typeof options.now === "function" ? options.now : () => Date.now();
  const until = clock() + budgetMs;
  const maxMessages = options.maxMessages ?? DEFAULT_DELIVERY.maxMessages;
  let report = await deliverDueEmail(env, deliverOptions);
  const total = { ...report };
  while (stoppedShort(report, maxMessages) && clock() < until) {
    report = await deliverDueEmail(env, deliverOptions);
    for (const key of Object.keys(total) as (keyof DeliveryReport)[]) if (key !== "enabled") total[key] += report[key];
  }
  batch.ackAll();
  return total;
}
