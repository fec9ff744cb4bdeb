/**
 * The jobs Worker's work, run in Node against a real D1: the scheduled clean-up, the queue handler
 * (the email queue and its dead-letter queue), and the site's nudge.
 */
import { describe, expect, it, vi } from "vitest";
import { cleanUpEmailData, EMAIL_DEAD_LETTER_QUEUE_NAME, EMAIL_QUEUE_NAME, handleEmailQueue, runScheduledJobs } from "~/features/email/jobs.server";
import { nudgeEmailDelivery, NUDGE_MESSAGE } from "~/features/email/nudge.server";
import type { CloudflareEnv } from "~/lib/env.server";
import { deliveryCounts, emailHarnessPerFile } from "../support/email-harness";
import { unavailableD1 } from "../support/app";

const harness = emailHarnessPerFile();
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const fakeBatch = (queue: string, count = 1) => {
  const ackAll = vi.fn();
  return { batch: { queue, messages: Array.from({ length: count }, (_, i) => ({ id: String(i), body: NUDGE_MESSAGE })) as unknown as readonly Message<unknown>[], ackAll }, ackAll };
};

describe("the scheduled clean-up", () => {
  it("deletes pending entries older than 30 days with their outbox rows, and keeps everything else", async () => {
    const h = harness();
    const old = await h.addEntries(2, { from: 0, createdAt: daysAgo(31) });
    const recent = await h.addEntries(1, { from: 2, createdAt: daysAgo(29) });
    const oldConfirmed = await h.addEntries(1, { from: 3, status: "confirmed", createdAt: daysAgo(400) });
    // Entries from before double opt-in: confirmed, single opt-in, NULL confirmed_at.
    await h.db.prepare("UPDATE waitlist SET confirmed_at = NULL, consent_wording = 'single-opt-in' WHERE id = ?1").bind(oldConfirmed[0]!).run();
    await h.queue("confirm", [...old, ...recent]);
    const { pendingEntriesDeleted } = await cleanUpEmailData(h.db);
    expect(pendingEntriesDeleted).toBe(2);
    const { results } = await h.db.prepare("SELECT id FROM waitlist ORDER BY id").all<{ id: number }>();
    expect(results.map((r) => r.id)).toEqual([...recent, ...oldConfirmed]);
    expect((await h.outbox()).map((r) => r.recipient)).toEqual(["person2@example.com"]);
  });

  it("purges sent, failed and cancelled outbox rows older than 90 days, never queued ones", async () => {
    const h = harness();
    const ids = await h.addEntries(4, { status: "confirmed" });
    await h.queue("welcome", ids);
    const rows = await h.outbox();
    const statuses = ["sent", "failed", "cancelled", "queued"];
    await h.db.batch(rows.map((row, i) => h.db.prepare("UPDATE email_outbox SET status = ?1, created_at = ?2 WHERE id = ?3").bind(statuses[i]!, daysAgo(91), row.id)));
    await h.queue("status_link", ids.slice(0, 1));
    await h.db.prepare("UPDATE email_outbox SET status = 'sent' WHERE kind = 'status_link'").run();
    expect(await cleanUpEmailData(h.db)).toEqual({ pendingEntriesDeleted: 0, outboxRowsPurged: 3 });
    expect((await h.outbox()).map((r) => [r.kind, r.status])).toEqual([["welcome", "queued"], ["status_link", "sent"]]);
  });

  it("runs delivery first, then the clean-up", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(2));
    await h.addEntries(1, { from: 5, createdAt: daysAgo(40) });
    const { delivery, cleanUp } = await runScheduledJobs(h.env());
    expect(delivery).toMatchObject({ sent: 2 });
    expect(cleanUp.pendingEntriesDeleted).toBe(1);
  });
});

describe("the queue consumer", () => {
  it("a message on the email queue: delivers, then acknowledges", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(3));
    const { batch, ackAll } = fakeBatch(EMAIL_QUEUE_NAME, 3);
    expect(await handleEmailQueue(batch, h.env())).toMatchObject({ sent: 3 });
    expect(ackAll).toHaveBeenCalledOnce();
  });

  it("keeps delivering run after run while runs stop short with more to do (a large campaign), then stops when the outbox is empty", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(25));
    const { batch, ackAll } = fakeBatch(EMAIL_QUEUE_NAME, 1);
    // Runs of at most 10 messages: three runs in this one queue message, not one run and a cron minute's wait.
    expect(await handleEmailQueue(batch, h.env(), { maxMessages: 10 })).toMatchObject({ claimed: 25, sent: 25 });
    expect((await deliveryCounts(h.standin)).size).toBe(25);
    expect(ackAll).toHaveBeenCalledOnce();
  });

  it("stops at its time budget even with more to do (the cron and the next queue message go on)", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(25));
    const { batch } = fakeBatch(EMAIL_QUEUE_NAME, 1);
    expect(await handleEmailQueue(batch, h.env(), { maxMessages: 10, budgetMs: 0 })).toMatchObject({ claimed: 10, sent: 10 });
  });

  it("with D1 unreachable: throws without acknowledging, so the queue retries the batch", async () => {
    const h = harness();
    const { batch, ackAll } = fakeBatch(EMAIL_QUEUE_NAME);
    await expect(handleEmailQueue(batch, { ...h.env(), DB: unavailableD1() })).rejects.toThrow(/Network connection lost/);
    expect(ackAll).not.toHaveBeenCalled();
    expect(h.logs.some((line) => line.includes('"event":"email_delivery_failed"'))).toBe(true);
  });

  it("the dead-letter queue: logged and acknowledged, nothing sent", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(1));
    const { batch, ackAll } = fakeBatch(EMAIL_DEAD_LETTER_QUEUE_NAME, 2);
    expect(await handleEmailQueue(batch, h.env())).toBeNull();
    expect(ackAll).toHaveBeenCalledOnce();
    expect(h.logs.some((line) => line.includes('"event":"email_queue_dead_letter"') && line.includes('"messages":2'))).toBe(true);
    expect(await h.standin.requests()).toEqual([]);
  });
});

describe("the site's nudge", () => {
  const siteEnv = (env: Record<string, unknown>) => ({ CONFIG: {} as KVNamespace, ...env }) as unknown as CloudflareEnv;

  it("sends 'there is mail' to the queue after the answer; a failing queue is logged, never thrown", async () => {
    const h = harness();
    const pending: Promise<unknown>[] = [];
    const sent: unknown[] = [];
    const queue = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue<unknown>;
    nudgeEmailDelivery({ cloudflare: { env: siteEnv({ ...h.env(), EMAIL_QUEUE: queue }), ctx: { waitUntil: (p) => void pending.push(p) } } });
    await Promise.all(pending);
    expect(sent).toEqual([NUDGE_MESSAGE]);

    const broken = { send: () => Promise.reject(new Error("Queue send failed: 503")) } as unknown as Queue<unknown>;
    expect(() => nudgeEmailDelivery({ cloudflare: { env: siteEnv({ ...h.env(), EMAIL_QUEUE: broken }), ctx: { waitUntil: (p) => void pending.push(p) } } })).not.toThrow();
    await Promise.all(pending);
    expect(h.logs.some((line) => line.includes('"event":"email_nudge_failed"'))).toBe(true);
  });

  it("never throws, even with a broken context or configuration", () => {
    expect(() => nudgeEmailDelivery({ cloudflare: { env: siteEnv({ DB: harness().db, EMAIL_SEND_RATE_PER_SECOND: "nope" }), ctx: { waitUntil: () => {} } } })).not.toThrow();
    expect(() => nudgeEmailDelivery(null as never)).not.toThrow();
  });

  it("no queue, development mailbox: delivers after the answer", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(2), { consentRequest: true });
    const pending: Promise<unknown>[] = [];
    nudgeEmailDelivery({ cloudflare: { env: siteEnv(h.env({ APP_ENV: "development", EMAIL_API_KEY: "" })), ctx: { waitUntil: (p) => void pending.push(p) } } });
    await Promise.all(pending);
    expect((await h.db.prepare("SELECT count(*) AS n FROM dev_mailbox").first<{ n: number }>())!.n).toBe(2);
  });

  it("no queue, a real provider: does nothing (the cron delivers)", async () => {
    const h = harness();
    const pending: Promise<unknown>[] = [];
    nudgeEmailDelivery({ cloudflare: { env: siteEnv(h.env()), ctx: { waitUntil: (p) => void pending.push(p) } } });
    expect(pending).toEqual([]);
  });
});
