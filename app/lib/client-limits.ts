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
}

export interface WindowCount {
  windowStart: number;
  windowSeconds: number;
  hits: number;
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
  const checked = rules.map((rule) => {
    const window = windowOf(rule.windowSeconds, now);
    const current = counters.get(rule.scope);
    const hits = current && current.windowStart === window.start ? current.hits : 0;
    return { rule, window, hits, cost: rule.cost ?? 1 };
  });
  const over = checked.find(({ rule, hits, cost }) => hits + cost > rule.max);
  if (over) return { limited: true, scope: over.rule.scope, retryAfterSeconds: secondsUntil(over.window.end, now) };
  for (const { rule, window, hits, cost } of checked) counters.set(rule.scope, { windowStart: window.start, windowSeconds: rule.windowSeconds, hits: hits + cost });
  return { limited: false };
}

/** The scopes whose window has ended by `now`. */
export function expiredScopes(counters: Map<string, WindowCount>, now: number): string[] {
  return [...counters].filter(([, c]) => c.windowStart + c.windowSeconds * 1000 <= now).map(([scope]) => scope);
}
