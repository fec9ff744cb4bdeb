/**
 * Recording beacons (ADR 0037): the collector and the sign-up's server-side A/B conversions hand a
 * beacon to the analytics queue, whose consumer (the companion Worker) stores it in the analytics
 * database. The site never waits for D1 on this path. When the queue cannot be reached (no binding, an
 * error, or no answer within QUEUE_SEND_DEADLINE_MS), the beacon is stored directly, with the same
 * statements the consumer runs, so nothing is lost; should the queue have taken it after all, the
 * consumer skips it, because both carry the beacon's id.
 */
import type { CloudflareEnv } from "~/lib/env.server";
import { withDeadline } from "~/lib/deadline";
import { errorText } from "~/lib/db.server";
import { logWarn } from "~/lib/log.server";
import type { Beacon } from "./beacon.server";
import { ingestBeacons } from "./ingest.server";

/** A queue send normally answers in a few ms; past this the beacon is stored directly instead. */
export const QUEUE_SEND_DEADLINE_MS = 2_000;

export type RecordOutcome = "queued" | "stored";

export class AnalyticsUnavailableError extends Error {
  override name = "AnalyticsUnavailableError";
}

/** Queues the beacon, or stores it directly; throws AnalyticsUnavailableError when neither works. */
export async function recordBeacon(env: Pick<CloudflareEnv, "ANALYTICS_QUEUE" | "ANALYTICS_DB">, beacon: Beacon): Promise<RecordOutcome> {
  if (env.ANALYTICS_QUEUE) {
    try {
      await withDeadline(env.ANALYTICS_QUEUE.send(beacon, { contentType: "json" }), QUEUE_SEND_DEADLINE_MS, "analytics queue send");
      return "queued";
    } catch (error) {
      logWarn("analytics_queue_unavailable", { error: errorText(error), events: beacon.events.length });
    }
  }
  if (!env.ANALYTICS_DB) throw new AnalyticsUnavailableError("neither the analytics queue nor the analytics database is bound");
  try {
    await ingestBeacons(env.ANALYTICS_DB, [beacon]);
    return "stored";
  } catch (error) {
    throw new AnalyticsUnavailableError(`the analytics database failed: ${errorText(error)}`);
  }
}
