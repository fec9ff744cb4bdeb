/**
 * What the companion jobs Worker (workers/jobs/index.ts) does, kept here so tests run it as is:
 * - on its Cron Trigger: deliver due email (the safety net and the retries), then clean up;
 * - on a message in the "linkvault-email" queue: deliver due email (the message only says there is
 *   mail; the outbox rows are the truth);
 * - on a message in the dead-letter queue: log it and let it go (the cron delivers anyway).
 */
import type { JobsEnv } from "~/lib/env.server";
import { logEmailInfo, logEmailWarn } from "./log.server";
import { deliverDueEmail, type DeliverOptions, type DeliveryReport } from "./sender.server";

export const EMAIL_QUEUE_NAME = "linkvault-email";
export const EMAIL_DEAD_LETTER_QUEUE_NAME = "linkvault-email-dlq";

const DAY = 86_400_000;
/** Unconfirmed sign-ups are deleted after 30 days (their outbox rows go with them, by cascade). */
export const PENDING_ENTRY_LIFETIME_MS = 30 * DAY;
/** Sent, failed and cancelled outbox rows are purged after 90 days. */
export const FINISHED_OUTBOX_LIFETIME_MS = 90 * DAY;

export interface CleanUpReport {
  pendingEntriesDeleted: number;
  outboxRowsPurged: number;
}

/** One batch: the expired pending entries, then the old finished outbox rows. */
export async function cleanUpEmailData(db: D1Database, now: number = Date.now()): Promise<CleanUpReport> {
  const [entries, outbox] = await db.batch([
    // RETURNING: D1's change count would include the outbox rows the cascade removes.
    db.prepare("DELETE FROM waitlist WHERE status = 'pending' AND created_at < ?1 RETURNING id").bind(new Date(now - PENDING_ENTRY_LIFETIME_MS).toISOString()),
    db
      .prepare("DELETE FROM email_outbox WHERE status IN ('sent', 'failed', 'cancelled') AND created_at < ?1")
      .bind(new Date(now - FINISHED_OUTBOX_LIFETIME_MS).toISOString()),
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
 * A queue batch. Email queue: deliver, then acknowledge; should delivery throw (D1 unreachable), the
 * batch is retried by the queue and, in the end, dead-lettered. Dead-letter queue: log and acknowledge.
 */
export async function handleEmailQueue(batch: Pick<MessageBatch<unknown>, "queue" | "messages" | "ackAll">, env: JobsEnv, options: DeliverOptions = {}): Promise<DeliveryReport | null> {
  if (batch.queue !== EMAIL_QUEUE_NAME) {
    logEmailWarn("email_queue_dead_letter", { queue: batch.queue, messages: batch.messages.length });
    batch.ackAll();
    return null;
  }
  const report = await deliverDueEmail(env, options);
  batch.ackAll();
  return report;
}
