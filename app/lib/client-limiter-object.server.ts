/**
 * The Durable Object that keeps one client's rate-limit counters (ADR 0038): one object per client
 * (named by the keyed hash of its address), defined in the companion Worker and bound by the site
 * (`RATE_LIMITER`, script_name = "linkvault-jobs"). A check is one call to the object, which counts in
 * memory and in its own storage: no D1 write, so a flood of beacons never queues ahead of a sign-up.
 * Requests to one object run one at a time, so counting needs no transaction.
 *
 * Protocol: POST a JSON array of rules ({ scope, max, windowSeconds, cost?, sliding? }); the answer is the
 * decision ({ limited: false } or { limited: true, scope, retryAfterSeconds }). POST { refund: rules }
 * gives back what a check of those rules counted. An alarm forgets the
 * counters whose window has ended, and the object's storage once none is left.
 */
import { z } from "zod";
import { applyLimits, expiredScopes, refundLimits, type LimitRule, type WindowCount } from "./client-limits";

const STORAGE_KEY = "counters";

const rulesSchema = z
  .array(
    z.object({
      scope: z.string().regex(/^[a-z0-9:_-]{1,60}$/),
      max: z.number().int().positive(),
      windowSeconds: z.number().int().positive().max(31 * 86_400),
      cost: z.number().int().min(0).max(100_000).optional(),
      sliding: z.boolean().optional(),
    })
    // A sliding rule keeps one time per hit.
    .refine((rule) => !rule.sliding || rule.max <= 100),
  )
  .min(1)
  .max(8);
/** A check is an array of rules; `{ refund: rules }` gives back what an earlier check of them counted. */
const requestSchema = z.union([rulesSchema, z.object({ refund: rulesSchema })]);

export class ClientRateLimiter implements DurableObject {
  #counters: Promise<Map<string, WindowCount>> | null = null;

  constructor(private readonly state: DurableObjectState) {}

  #load(): Promise<Map<string, WindowCount>> {
    this.#counters ??= this.state.storage
      .get<Record<string, WindowCount>>(STORAGE_KEY)
      .then((stored) => new Map(Object.entries(stored ?? {})));
    return this.#counters;
  }

  async fetch(request: Request): Promise<Response> {
    const parsed = requestSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return Response.json({ error: "Send an array of rules, or { refund: rules }." }, { status: 400 });
    const counters = await this.#load();
    if (!Array.isArray(parsed.data)) {
      refundLimits(counters, parsed.data.refund as LimitRule[], Date.now());
      void this.state.storage.put(STORAGE_KEY, Object.fromEntries(counters));
      return Response.json({ limited: false });
    }
    const decision = applyLimits(counters, parsed.data as LimitRule[], Date.now());
    if (!decision.limited) {
      // Not awaited: the object's output gate holds the answer until the write is durable.
      void this.state.storage.put(STORAGE_KEY, Object.fromEntries(counters));
      if ((await this.state.storage.getAlarm()) === null) await this.state.storage.setAlarm(nextExpiry(counters));
    }
    return Response.json(decision);
  }

  async alarm(): Promise<void> {
    const counters = await this.#load();
    for (const scope of expiredScopes(counters, Date.now())) counters.delete(scope);
    if (counters.size === 0) {
      await this.state.storage.deleteAll();
      return;
    }
    await this.state.storage.put(STORAGE_KEY, Object.fromEntries(counters));
    await this.state.storage.setAlarm(nextExpiry(counters));
  }
}

/** When the first of the counters' windows ends. */
function nextExpiry(counters: Map<string, WindowCount>): number {
  return Math.min(...[...counters.values()].map((c) => c.windowStart + c.windowSeconds * 1000));
}
