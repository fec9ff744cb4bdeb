/**
 * The companion Worker "linkvault-jobs" (ADR 0031, 0037, 0038): Pages Functions can neither run on a
 * schedule nor consume a queue, nor define a Durable Object, so that work runs here. Bindings
 * (workers/jobs/wrangler.toml): DB, the site's D1 database; ANALYTICS_DB, the analytics database; the
 * consumers of the "linkvault-email" and "linkvault-analytics" queues and of their dead-letter queues;
 * a Cron Trigger; the Durable Object class ClientRateLimiter, which the site binds as RATE_LIMITER.
 * Variables: the email ones of app/lib/env.server.ts (EMAIL_*, SITE_URL, the two secrets).
 */
import { handleEmailQueue, runScheduledJobs } from "../../app/features/email/jobs.server";
import {
  ANALYTICS_DEAD_LETTER_QUEUE_NAME,
  ANALYTICS_QUEUE_NAME,
  handleAnalyticsDeadLetters,
  handleAnalyticsQueue,
  runAnalyticsJobs,
} from "../../app/features/analytics/jobs.server";
import { deleteExpiredImports } from "../../app/features/admin/import/import-expiry.server";
import type { JobsEnv } from "../../app/lib/env.server";

export { ClientRateLimiter } from "../../app/lib/client-limiter-object.server";

export default {
  async scheduled(_controller, env) {
    await runScheduledJobs(env);
    await runAnalyticsJobs(env);
    // Uploaded import files hold addresses: none is kept past its preview's time (ADR 0053).
    await deleteExpiredImports(env.DB);
  },
  async queue(batch, env) {
    if (batch.queue === ANALYTICS_QUEUE_NAME) {
      await handleAnalyticsQueue(batch, env);
      return;
    }
    if (batch.queue === ANALYTICS_DEAD_LETTER_QUEUE_NAME) {
      await handleAnalyticsDeadLetters(batch, env);
      return;
    }
    await handleEmailQueue(batch, env);
  },
} satisfies ExportedHandler<JobsEnv>;
