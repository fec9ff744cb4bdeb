// Cron Trigger emulation for the local stack. Neither wrangler 3 nor Miniflare 3 fires a Worker's
// `[triggers] crons` by itself (ADR 0032), so the stack schedules them here, in Node, and calls the
// worker's scheduled() handler at each due minute, as Cloudflare would.
import { Cron } from "croner";

/**
 * Cloudflare's dialect (developers.cloudflare.com/workers/configuration/cron-triggers): five fields,
 * UTC, Quartz-like extensions (L, W, #) and weekdays 1-7 with 1 = Sunday ("0 17 * * 1" and
 * "0 17 * * sun" are the same). croner reads exactly that with these options.
 */
const CLOUDFLARE_DIALECT = { mode: "5-part", alternativeWeekdays: true, timezone: "UTC" };

/** Throws a message naming the expression unless Cloudflare and croner both read it the same way. */
export function checkCronExpression(expression) {
  if (typeof expression !== "string" || expression.trim().split(/\s+/).length !== 5) {
    throw new Error(`Cron Trigger "${expression}": Cloudflare takes exactly five fields (minute hour day month weekday)`);
  }
  try {
    new Cron(expression, { ...CLOUDFLARE_DIALECT, paused: true }).stop();
  } catch (error) {
    throw new Error(`Cron Trigger "${expression}" cannot be emulated locally: ${error.message}`);
  }
}

/** The next time `expression` is due after `after` (UTC), or null if never. */
export function nextCronRun(expression, after = new Date()) {
  const cron = new Cron(expression, { ...CLOUDFLARE_DIALECT, paused: true });
  const next = cron.nextRun(after);
  cron.stop();
  return next;
}

/**
 * Calls `fire(expression, scheduledTime)` whenever one of `expressions` is due, one run of each
 * expression at a time (a tick that finds the previous one still running is skipped, and `onSkip`
 * is told). Returns { stop() }.
 */
export function emulateCrons(expressions, fire, { onSkip = () => {} } = {}) {
  expressions.forEach(checkCronExpression);
  const jobs = expressions.map(
    (expression) =>
      new Cron(
        expression,
        { ...CLOUDFLARE_DIALECT, protect: () => onSkip(expression) },
        (job) => fire(expression, job.currentRun() ?? new Date()),
      ),
  );
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
