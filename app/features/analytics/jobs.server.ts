/**
 * What the companion Worker (workers/jobs/index.ts) does for analytics (ADR 0037), kept here so tests
 * run it as is:
 * - on a batch of the "linkvault-analytics" queue: store every valid beacon in one D1 batch
 *   (ingest.server.ts), then acknowledge them; should D1 fail, retry them later, with a growing delay;
 *   a message that is not a beacon is retried at once, so it reaches the dead-letter queue;
 * - on a batch of the dead-letter queue: keep each message in analytics_dead_letters (the admin sees
 *   how many and can replay them);
 * - on the Cron Trigger: move the site database's old events here, delete raw events past the
 *   owner's retention (their daily counts stay) and daily counts past the owner's longer horizon for
 *   them, and forget old beacon ids.
 */
import type { JobsEnv } from "~/lib/env.server";
import { errorText } from "~/lib/db.server";
import { logError, logWarn } from "~/lib/log.server";
import { readAnalyticsRetention, type AnalyticsRetention } from "~/lib/settings.server";
import { beaconSchema, type Beacon } from "./beacon.server";
import { ingestBeacons } from "./ingest.server";
import { moveSiteEvents, type MoveReport } from "./move.server";
import { deleteExpiredCounts, deleteExpiredEvents, pruneBeaconIds } from "./retention.server";

export const ANALYTICS_QUEUE_NAME = "linkvault-analytics";
export const ANALYTICS_DEAD_LETTER_QUEUE_NAME = "linkvault-analytics-dlq";

/** Seconds before a batch that D1 refused is tried again: 1, 2, 4, … up to 30 (the tenth try comes some 3.5 minutes later). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30, 2 ** Math.max(0, attempts - 1));
}

type QueueBatch = Pick<MessageBatch<unknown>, "queue" | "messages">;

function analyticsDb(env: JobsEnv): D1Database {
  if (!env.ANALYTICS_DB) throw new Error("the ANALYTICS_DB binding is missing (workers/jobs/wrangler.toml)");
  return env.ANALYTICS_DB;
}

export interface AnalyticsBatchReport {
  stored: number;
  invalid: number;
  failed: boolean;
}

/** A batch of the analytics queue. Never throws: each message is acknowledged or retried by itself. */
export async function handleAnalyticsQueue(batch: QueueBatch, env: JobsEnv, now: () => number = Date.now): Promise<AnalyticsBatchReport> {
  const valid: { message: Message<unknown>; beacon: Beacon }[] = [];
  let invalid = 0;
  for (const message of batch.messages) {
    const parsed = beaconSchema.safeParse(message.body);
    if (parsed.success) {
      valid.push({ message, beacon: parsed.data });
    } else {
      invalid++;
      // Poison: no retry can fix it; retried at once, it reaches the dead-letter queue after max_retries.
      message.retry({ delaySeconds: 0 });
    }
  }
  if (invalid > 0) logWarn("analytics_message_invalid", { messages: invalid });
  if (valid.length === 0) return { stored: 0, invalid, failed: false };
  try {
    const { stored } = await ingestBeacons(analyticsDb(env), valid.map((v) => v.beacon), now());
    for (const { message } of valid) message.ack();
    return { stored, invalid, failed: false };
  } catch (error) {
    logError("analytics_ingest_failed", error, { messages: valid.length });
    for (const { message } of valid) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    return { stored: 0, invalid, failed: true };
  }
}

/** The longest message body kept for a dead letter (a queue message is at most 128 KB). */
const DEAD_LETTER_BODY_MAX = 128 * 1024;

/** A batch of the dead-letter queue: every message kept in analytics_dead_letters, then acknowledged. Throws when D1 does (the batch is retried). */
export async function handleAnalyticsDeadLetters(batch: QueueBatch & Pick<MessageBatch<unknown>, "ackAll">, env: JobsEnv, now: number = Date.now()): Promise<number> {
  const db = analyticsDb(env);
  const at = new Date(now).toISOString();
  const statements = batch.messages.map((message) => {
    let body: string;
    try {
      body = JSON.stringify(message.body) ?? "null";
    } catch {
      body = String(message.body);
    }
    return db
      .prepare("INSERT INTO analytics_dead_letters (message_id, received_at, attempts, body) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (message_id) DO NOTHING")
      .bind(message.id, at, message.attempts, body.slice(0, DEAD_LETTER_BODY_MAX));
  });
  if (statements.length > 0) await db.batch(statements);
  logWarn("analytics_dead_letters", { messages: batch.messages.length });
  batch.ackAll();
  return batch.messages.length;
}

export interface AnalyticsJobsReport {
  move: MoveReport | null;
  expiredDeleted: number;
  expiredCountsDeleted: number;
  beaconIdsPruned: number;
}

/** The cron's analytics work; each step on its own, so one failing does not stop the others. */
export async function runAnalyticsJobs(env: JobsEnv, now: number = Date.now()): Promise<AnalyticsJobsReport> {
  const report: AnalyticsJobsReport = { move: null, expiredDeleted: 0, expiredCountsDeleted: 0, beaconIdsPruned: 0 };
  if (!env.ANALYTICS_DB) return report;
  const db = env.ANALYTICS_DB;
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      logWarn("analytics_job_failed", { job: name, error: errorText(error) });
    }
  };
  await step("move", async () => {
    report.move = await moveSiteEvents(env.DB, db);
  });
  let retention: Promise<AnalyticsRetention> | undefined;
  const retentionInForce = () => (retention ??= readAnalyticsRetention(env.DB));
  await step("retention", async () => {
    report.expiredDeleted = await deleteExpiredEvents(db, (await retentionInForce()).eventsDays, now);
  });
  await step("counts-retention", async () => {
    report.expiredCountsDeleted = await deleteExpiredCounts(db, (await retentionInForce()).countsDays, now);
  });
  await step("beacon-ids", async () => {
    report.beaconIdsPruned = await pruneBeaconIds(db, now);
  });
  return report;
}
