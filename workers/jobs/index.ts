// The companion Worker (workers/jobs/wrangler.toml, ADR 0031/0032). A placeholder until the email
// outbox sender lands: each handler logs one structured line and does nothing else.
const log = (event: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ level: "info", event, ...fields, at: new Date().toISOString() }));

export default {
  async scheduled(controller) {
    log("jobs_scheduled", { cron: controller.cron, scheduledTime: new Date(controller.scheduledTime).toISOString() });
  },
  async queue(batch) {
    log("jobs_queue", { queue: batch.queue, messages: batch.messages.length });
    batch.ackAll();
  },
  async fetch() {
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
