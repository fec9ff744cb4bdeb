/**
 * The jobs Worker itself (workers/jobs/index.ts, bundled as wrangler bundles it) in workerd, with the
 * same D1 and the Resend stand-in: a queue message reaches its consumer and the mail goes out; its
 * Cron Trigger delivers and cleans up. This is the code that runs in production, not a Node rendition.
 */
import { buildSync } from "esbuild";
import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EMAIL_DEAD_LETTER_QUEUE_NAME, EMAIL_QUEUE_NAME } from "~/features/email/jobs.server";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import type { CloudflareEnv } from "~/lib/env.server";
import { deliveryCounts, emailVariables, emailHarnessPerFile } from "../support/email-harness";

const BUNDLE = "tests/.tmp/jobs-worker.mjs";
mkdirSync("tests/.tmp", { recursive: true });
buildSync({
  entryPoints: ["workers/jobs/index.ts"],
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  outfile: BUNDLE,
  conditions: ["workerd", "worker", "browser"],
  mainFields: ["browser", "module", "main"],
  logLevel: "warning",
});

const harness = emailHarnessPerFile({
  worker: (standin) => ({
    modules: true,
    scriptPath: BUNDLE,
    compatibilityDate: "2024-09-23",
    bindings: emailVariables(standin),
    queueProducers: { EMAIL_QUEUE: EMAIL_QUEUE_NAME },
    queueConsumers: {
      [EMAIL_QUEUE_NAME]: { maxBatchSize: 100, maxBatchTimeout: 1, maxRetries: 2, deadLetterQueue: EMAIL_DEAD_LETTER_QUEUE_NAME },
      [EMAIL_DEAD_LETTER_QUEUE_NAME]: { maxBatchTimeout: 1 },
    },
  }),
});

/** Polls until `check` holds (generous bound: the machine may be busy). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the jobs Worker in workerd", () => {
  it("the site's nudge reaches the queue consumer, which delivers the mail", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(3), { consentRequest: true });
    const queue = (await h.mf.getQueueProducer("EMAIL_QUEUE", "jobs")) as unknown as Queue<unknown>;
    const pending: Promise<unknown>[] = [];
    const env = { DB: h.db, CONFIG: {} as KVNamespace, EMAIL_QUEUE: queue } as unknown as CloudflareEnv;
    nudgeEmailDelivery({ cloudflare: { env, ctx: { waitUntil: (p) => void pending.push(p) } } });
    await Promise.all(pending);
    await eventually(async () => (await h.outbox()).every((r) => r.status === "sent"), "the queue consumer to send");
    expect([...deliveryCounts(h.standin).values()]).toEqual([1, 1, 1]);
    expect(h.standin.requests).toHaveLength(1);
  });

  it("its Cron Trigger delivers due mail and cleans up", async () => {
    const h = harness();
    await h.queue("welcome", await h.addEntries(2, { status: "confirmed" }));
    await h.addEntries(1, { from: 10, createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    const jobs = await h.mf.getWorker("jobs");
    expect(await jobs.scheduled({ cron: "* * * * *", scheduledTime: new Date() })).toMatchObject({ outcome: "ok" });
    expect((await h.outbox()).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect((await h.db.prepare("SELECT count(*) AS n FROM waitlist WHERE status = 'pending'").first<{ n: number }>())!.n).toBe(0);
    expect(deliveryCounts(h.standin).size).toBe(2);
  });
});
