/**
 * Per-client limits for the public endpoints (waitlist, contact, the analytics collector): one call
 * per request, whatever the number of rules. With the RATE_LIMITER binding (the companion Worker's
 * Durable Object, ADR 0038) a check costs no D1 write; without it (a bare `wrangler pages dev`, the
 * Node-side tests) the D1 counters of ADR 0006 keep the same rules. The client is a keyed hash of its
 * address (client-id.server.ts), never the address. Fails open: a limiter that is down never blocks a
 * person (ADR 0006), and the log says so.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { keyedHash, rateLimitClient } from "~/lib/client-id.server";
import type { LimitDecision, LimitRule } from "~/lib/client-limits";
import { logError } from "~/lib/log.server";
import { hitRateLimit, pruneRateLimits, refundRateLimit } from "~/lib/rate-limit.server";

export type { LimitDecision, LimitRule } from "~/lib/client-limits";

/** The object's address inside the binding: any URL does, the object reads only the body. */
const LIMITER_URL = "https://client-limiter.internal/check";

async function checkWithObject(namespace: DurableObjectNamespace, key: string, body: readonly LimitRule[] | { refund: readonly LimitRule[] }): Promise<LimitDecision> {
  const stub = namespace.get(namespace.idFromName(key));
  const response = await stub.fetch(LIMITER_URL, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  if (!response.ok) throw new Error(`rate limiter answered ${response.status}`);
  return (await response.json()) as LimitDecision;
}

async function checkWithD1(context: AppLoadContext, key: string, rules: readonly LimitRule[]): Promise<LimitDecision> {
  const db = context.cloudflare.env.DB;
  let decision: LimitDecision = { limited: false };
  for (const rule of rules) {
    const result = await hitRateLimit(db, rule, key, Date.now(), rule.cost ?? 1);
    if (result.hits === (rule.cost ?? 1) && Math.random() < 0.05) {
      context.cloudflare.ctx.waitUntil(pruneRateLimits(db).catch((e) => logError("rate_limit_prune_failed", e)));
    }
    if (!result.allowed && !decision.limited) decision = { limited: true, scope: rule.scope, retryAfterSeconds: result.retryAfterSeconds };
  }
  return decision;
}

/**
 * Gives back one hit of `rules` for `subject`, counted by a check whose work did not happen (a sign-up
 * that could not be stored, a confirmation that was not sent). Best effort: a failure is logged.
 */
export async function refundKeyedLimits(context: AppLoadContext, subject: string, rules: readonly LimitRule[]): Promise<void> {
  try {
    const key = await keyedHash(context.env.IP_HASH_SECRET, subject);
    const namespace = context.cloudflare.env.RATE_LIMITER;
    if (namespace) await checkWithObject(namespace, key, { refund: rules });
    else for (const rule of rules) await refundRateLimit(context.cloudflare.env.DB, rule, key, Date.now(), rule.cost ?? 1);
  } catch (error) {
    logError("rate_limit_refund_failed", error, { scopes: rules.map((rule) => rule.scope) });
  }
}

/** Counts this request against the client's limits; limited when any of them is exceeded. */
export function checkClientLimits(request: Request, context: AppLoadContext, rules: readonly LimitRule[]): Promise<LimitDecision> {
  return checkKeyedLimits(context, rateLimitClient(request), rules);
}

/**
 * Counts one hit against the limits of any subject: a client, a network (`ipv6:…/48`), an inbox
 * (`inbox:${inboxKey(email)}`). Only a keyed hash of the subject names its counters.
 */
export async function checkKeyedLimits(context: AppLoadContext, subject: string, rules: readonly LimitRule[]): Promise<LimitDecision> {
  try {
    const key = await keyedHash(context.env.IP_HASH_SECRET, subject);
    const namespace = context.cloudflare.env.RATE_LIMITER;
    return namespace ? await checkWithObject(namespace, key, rules) : await checkWithD1(context, key, rules);
  } catch (error) {
    logError("rate_limit_failed", error, { scopes: rules.map((rule) => rule.scope) });
    return { limited: false };
  }
}
