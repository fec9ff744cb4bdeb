/**
 * Fixed-window counting for per-client limits, free of I/O: the rules of the Durable Object that keeps
 * each client's counters (client-limiter-object.server.ts, ADR 0038). A request is checked against all
 * of its rules at once: allowed, it counts towards each; refused by any, it counts towards none.
 */

export interface LimitRule {
  /** Namespace of the limit, e.g. "waitlist" or "analytics-events-day". */
  scope: string;
  max: number;
  windowSeconds: number;
  /** What this request counts for (1 by default; the events of a batch for an events cap). */
  cost?: number;
  /**
   * Counted over the last windowSeconds, each hit remembered, instead of a fixed window: "at most 1 in
   * any 10 minutes" exactly. For small maxima only (the object keeps one time per hit).
   */
  sliding?: boolean;
}

export interface WindowCount {
  /** A sliding rule's last hit, from which its counter lasts windowSeconds. */
  windowStart: number;
  windowSeconds: number;
  hits: number;
  /** A sliding rule's hits, oldest first, within its window. */
  times?: number[];
}

export type LimitDecision = { limited: false } | { limited: true; scope: string; retryAfterSeconds: number };

/** The fixed window `now` falls in (aligned to the epoch, so a day's window is a UTC day). */
export function windowOf(windowSeconds: number, now: number): { start: number; end: number } {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/** Whole seconds until the window ends, at least 1. */
export function secondsUntil(end: number, now: number): number {
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/**
 * Applies one request's rules to the counters (changed in place when allowed). A rule with a cost
 * above its max can never pass.
 */
export function applyLimits(counters: Map<string, WindowCount>, rules: readonly LimitRule[], now: number): LimitDecision {
  const checked = rules.map((rule) => (rule.sliding ? slidingCheck(counters, rule, now) : fixedCheck(counters, rule, now)));
  const over = checked.find(({ rule, hits, cost }) => hits + cost > rule.max);
  if (over) return { limited: true, scope: over.rule.scope, retryAfterSeconds: secondsUntil(over.freeAt, now) };
  for (const check of checked) counters.set(check.rule.scope, check.after());
  return { limited: false };
}

interface Check {
  rule: LimitRule;
  hits: number;
  cost: number;
  /** When a refused request would next fit. */
  freeAt: number;
  after: () => WindowCount;
}

function fixedCheck(counters: Map<string, WindowCount>, rule: LimitRule, now: number): Check {
  const window = windowOf(rule.windowSeconds, now);
  const current = counters.get(rule.scope);
  const hits = current && current.windowStart === window.start ? current.hits : 0;
  const cost = rule.cost ?? 1;
  return { rule, hits, cost, freeAt: window.end, after: () => ({ windowStart: window.start, windowSeconds: rule.windowSeconds, hits: hits + cost }) };
}

function slidingCheck(counters: Map<string, WindowCount>, rule: LimitRule, now: number): Check {
  const windowMs = rule.windowSeconds * 1000;
  const times = (counters.get(rule.scope)?.times ?? []).filter((time) => time > now - windowMs);
  const cost = rule.cost ?? 1;
  // Refused, it fits once enough of the oldest hits have left the window.
  const freeAt = (times[Math.max(0, times.length + cost - rule.max - 1)] ?? now) + windowMs;
  const after = [...times, ...Array<number>(cost).fill(now)];
  return { rule, hits: times.length, cost, freeAt, after: () => ({ windowStart: now, windowSeconds: rule.windowSeconds, hits: after.length, times: after }) };
}

/**
 * Gives back what a request counted (it did not do what it was counted for: a sign-up that could not be
 * stored, a confirmation that was not sent): a sliding rule forgets its latest hits, a fixed one counts down.
 */
export function refundLimits(counters: Map<string, WindowCount>, rules: readonly LimitRule[], now: number): void {
  for (const rule of rules) {
    const current = counters.get(rule.scope);
    if (!current) continue;
    const cost = rule.cost ?? 1;
    if (rule.sliding) {
      const times = (current.times ?? []).slice(0, Math.max(0, (current.times ?? []).length - cost));
      counters.set(rule.scope, { ...current, hits: times.length, times });
    } else if (current.windowStart === windowOf(rule.windowSeconds, now).start) {
      counters.set(rule.scope, { ...current, hits: Math.max(0, current.hits - cost) });
    }
  }
}

/** The scopes whose window has ended by `now`. */
export function expiredScopes(counters: Map<string, WindowCount>, now: number): string[] {
  return [...counters].filter(([, c]) => c.windowStart + c.windowSeconds * 1000 <= now).map(([scope]) => scope);
}
