/**
 * The jobs Worker itself (workers/jobs/index.ts) in workerd: the test runner is the companion Worker
 * (tests/support/test-worker.ts), with its wrangler config's queue consumers and cron, the same D1 and
 * the Resend stand-in. A queue message reaches its consumer and the mail goes out; its Cron Trigger
 * delivers and cleans up. This is the code that runs in production, not a Node rendition.
 */
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import type { CloudflareEnv } from "~/lib/env.server";
import { runner } from "../support/app";
import runnerWorker from "../support/test-worker";
import { deliveryCounts, emailHarnessPerFile } from "../support/email-harness";

const harness = emailHarnessPerFile();

/** One Cron Trigger tick of the runner's scheduled handler (the companion Worker's, test-worker.ts), awaited to its end. */
async function cronTick() {
  await runnerWorker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), runner as unknown as Cloudflare.Env);
}

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
    const pending: Promise<unknown>[] = [];
    const env = { DB: h.db, CONFIG: runner.CONFIG, EMAIL_QUEUE: runner.EMAIL_QUEUE } as unknown as CloudflareEnv;
    nudgeEmailDelivery({ cloudflare: { env, ctx: { waitUntil: (p) => void pending.push(p) } } });
    await Promise.all(pending);
    await eventually(async () => (await h.outbox()).every((r) => r.status === "sent"), "the queue consumer to send");
    expect([...(await deliveryCounts(h.standin)).values()]).toEqual([1, 1, 1]);
    expect(await h.standin.requests()).toHaveLength(1);
  });

  it("its Cron Trigger delivers due mail and cleans up", async () => {
    const h = harness();
    await h.queue("welcome", await h.addEntries(2, { status: "confirmed" }));
    await h.addEntries(1, { from: 10, createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    await cronTick();
    expect((await h.outbox()).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect((await h.db.prepare("SELECT count(*) AS n FROM waitlist WHERE status = 'pending'").first<{ n: number }>())!.n).toBe(0);
    expect((await deliveryCounts(h.standin)).size).toBe(2);
  });
});
