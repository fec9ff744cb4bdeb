/**
 * The companion Worker "linkvault-jobs" (ADR 0031): Pages Functions can neither run on a schedule nor
 * consume a queue, so the email sender runs here. Bindings (workers/jobs/wrangler.toml): DB, the
 * site's D1 database; the consumer of the "linkvault-email" queue and of its dead-letter queue; a Cron
 * Trigger. Variables: the email ones of app/lib/env.server.ts (EMAIL_*, SITE_URL, the two secrets).
 */
import { handleEmailQueue, runScheduledJobs } from "../../app/features/email/jobs.server";
import type { JobsEnv } from "../../app/lib/env.server";

export default {
  async scheduled(_controller, env) {
    await runScheduledJobs(env);
  },
  async queue(batch, env) {
    await handleEmailQueue(batch, env);
  },
} satisfies ExportedHandler<JobsEnv>;
