/**
 * A/B conversions the server records itself (issue 18): when a waitlist sign-up really adds someone,
 * one `ab_test_signup` event per running test with the variant the edge assigned this visitor (the
 * same key and the same definitions, ADR 0010). The admin's A/B results count these, never the
 * browser's `ab_test_conversion` events, which anyone can post; `ab_test_signup` is not in the event
 * catalogue, so the collector refuses it from a browser.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { assignAll } from "~/lib/ab-tests";
import { knownVisitorKey, readAbTestConfig } from "~/lib/ab-tests.server";
import { logError } from "~/lib/log.server";
import { BEACON_VERSION, newBeaconId, type Beacon } from "./beacon.server";
import { recordBeacon } from "./record.server";

/** The server's conversion event: a sign-up, with the test and variant it counts for. */
export const SERVER_CONVERSION_EVENT = "ab_test_signup";

/** The beacon of one sign-up's conversions, or null when the visitor was never assigned a variant or no test runs. */
export async function signupConversionBeacon(request: Request, kv: KVNamespace, path: string, now: number): Promise<Beacon | null> {
  const visitor = await knownVisitorKey(request);
  if (!visitor) return null;
  const assignments = Object.values(assignAll(await readAbTestConfig(kv), visitor)).filter((assignment) => assignment.active);
  if (assignments.length === 0) return null;
  const occurredAt = new Date(now).toISOString();
  return {
    v: BEACON_VERSION,
    id: newBeaconId(),
    receivedAt: occurredAt,
    consent: "anonymous",
    visitorHash: null,
    sessionId: null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    events: assignments.map(({ test, variant }) => ({ name: SERVER_CONVERSION_EVENT, occurredAt, path, properties: { test, variant } })),
  };
}

/** Records a real sign-up's A/B conversions after the answer (never delays nor fails the sign-up). */
export function recordSignupConversions(request: Request, context: AppLoadContext, path: string, now: number): void {
  const { env, ctx } = context.cloudflare;
  const work = signupConversionBeacon(request, env.CONFIG, path, now)
    .then((beacon) => (beacon ? recordBeacon(env, beacon) : null))
    .catch((error) => logError("ab_conversion_record_failed", error));
  ctx.waitUntil(work);
}
