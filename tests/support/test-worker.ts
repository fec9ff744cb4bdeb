/**
 * The Worker the integration tests run in (@cloudflare/vitest-plugin's `main`, with the companion
 * Worker's wrangler config): the companion Worker's handlers and its Durable Object, so a message a
 * test's site sends on EMAIL_QUEUE or ANALYTICS_QUEUE reaches the real consumer, and RATE_LIMITER the
 * real ClientRateLimiter, all in workerd. The tests drive the site through createTestApp (app.ts).
 *
 * A test can change what the consumer and the cron see (other variables, a D1 that fails) or hold
 * queue batches back: jobs-hooks.ts.
 */
import jobs from "../../workers/jobs/index";
import { jobsEnv, passQueueBatch } from "./jobs-hooks";

export { ClientRateLimiter } from "../../workers/jobs/index";

export default {
  fetch() {
    return new Response("The integration tests call the site through createTestApp (tests/support/app.ts).", { status: 404 });
  },
  async queue(batch, env) {
    await passQueueBatch(batch);
    return jobs.queue(batch, jobsEnv(env));
  },
  scheduled(controller, env) {
    return jobs.scheduled(controller, jobsEnv(env));
  },
} satisfies ExportedHandler<Cloudflare.Env>;
