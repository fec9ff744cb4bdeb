// wrangler never fires Cron Triggers locally, so the dev server's companion Worker gets its
// `[triggers] crons` from here: at each due minute, one scheduled event through the Local Explorer's
// API, which dispatches it to the named Worker inside the running `wrangler pages dev` (ADR 0041).
import { Cron } from "croner";

/**
 * Cloudflare's dialect (developers.cloudflare.com/workers/configuration/cron-triggers): five fields,
 * UTC, weekdays 1-7 with 1 = Sunday. croner reads exactly that with these options.
 */
const CLOUDFLARE_DIALECT = { mode: "5-part", alternativeWeekdays: true, timezone: "UTC" };

/** wrangler's Local Explorer API, on every dev server's origin. */
export const EXPLORER_API = "/cdn-cgi/local/explorer/api";

/** The Local Explorer's endpoint that runs one Worker's scheduled() now. */
export const SCHEDULED_PATH = `${EXPLORER_API}/local/scheduled`;

/**
 * Runs `worker`'s scheduled() on the dev server at `origin` and resolves with its outcome
 * ({ outcome: "ok" | "exception" | …, noRetry }); rejects when the server cannot run it.
 */
export async function runScheduled(origin, worker, { cron = "* * * * *", scheduledTime = new Date() } = {}) {
  const response = await fetch(new URL(`${SCHEDULED_PATH}?worker=${encodeURIComponent(worker)}`, origin), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ cron, scheduled_time: scheduledTime.getTime() }),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok || !body?.success) {
    throw new Error(`scheduled() of ${worker} could not run (${response.status}): ${body?.errors?.[0]?.message ?? "no answer"}`);
  }
  return body.result;
}

/**
 * Fires each of `crons` for `worker` on schedule until stop(); a tick that finds the previous run of
 * the same expression still going is skipped. `log(message)` hears about failures only.
 */
export function startCronTicker({ origin, worker, crons, log = (message) => console.warn(message) }) {
  const jobs = crons.map(
    (cron) =>
      new Cron(cron, { ...CLOUDFLARE_DIALECT, protect: () => log(`Cron Trigger "${cron}": the previous run is still going; this one is skipped`) }, async (job) => {
        try {
          const { outcome } = await runScheduled(origin, worker, { cron, scheduledTime: job.currentRun() ?? new Date() });
          if (outcome !== "ok") log(`Cron Trigger "${cron}" of ${worker}: ${outcome}`);
        } catch (error) {
          log(`Cron Trigger "${cron}" of ${worker}: ${error.message}`);
        }
      }),
  );
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
