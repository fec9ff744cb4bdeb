/**
 * The provider misbehaving (issue 16, "nothing lost, nothing sent twice"): down, answering 429, slow,
 * failing for good, refusing one message of a batch, a sender crashing right after a send. After each,
 * every message is still in the outbox, and the stand-in has delivered each at most once.
 */
import { describe, expect, it } from "vitest";
import { claimDue } from "~/features/email/outbox.server";
import type { EmailProvider } from "~/features/email/provider.server";
import { ResendProvider } from "~/features/email/resend.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { addressOf, deliveryCounts, emailHarnessPerFile, type OutboxState } from "../support/email-harness";
import { EMAIL_FROM } from "../support/email-variables";

const harness = emailHarnessPerFile();
const MINUTE = 60_000;

const expectEachDeliveredOnce = (counts: Map<string, number>, count: number) => {
  expect(counts.size).toBe(count);
  for (const n of counts.values()) expect(n).toBe(1);
};
const byStatus = (rows: OutboxState[]) => rows.reduce<Record<string, number>>((all, r) => ({ ...all, [r.status]: (all[r.status] ?? 0) + 1 }), {});

describe("the provider down", () => {
  it.each([["refuse"], ["503"]] as const)("(%s): the rows stay queued, retried within a minute, then delivered once", async (mode) => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(4));
    await h.standin.setFaults({ down: mode });
    const before = Date.now();
    expect(await deliverDueEmail(h.env())).toMatchObject({ claimed: 4, sent: 0, retried: 4, failed: 0 });
    for (const row of await h.outbox()) {
      expect(row).toMatchObject({ status: "queued", attempts: 1, claimed_until: null });
      expect(row.last_error).toMatch(mode === "refuse" ? /^network: / : /^http_503_application_error/);
      const retryAt = Date.parse(row.next_attempt_at);
      expect(retryAt).toBeGreaterThan(before);
      expect(retryAt).toBeLessThanOrEqual(Date.now() + MINUTE);
    }
    // Not due yet: nothing happens before the retry time.
    expect(await deliverDueEmail(h.env())).toMatchObject({ claimed: 0 });

    await h.standin.setFaults({ down: false });
    expect(await deliverDueEmail(h.env(), { now: Date.now() + MINUTE })).toMatchObject({ sent: 4 });
    expectEachDeliveredOnce(await deliveryCounts(h.standin), 4);
    expect((await h.outbox()).map((r) => [r.status, r.attempts])).toEqual(Array(4).fill(["sent", 2]));
  });
});

describe("the provider answering 429", () => {
  it("a short retry-after is waited out within the run, for every sender, and the batch goes again: delivered once", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(3));
    await h.standin.setFaults({ limitNext: 1, retryAfterSeconds: 1 });
    const report = await deliverDueEmail(h.env());
    expect(report).toMatchObject({ sent: 3, rateLimited: 1, requests: 2, retried: 0 });
    const [limited, accepted] = await h.standin.requests();
    expect([limited!.status, accepted!.status]).toEqual([429, 200]);
    expect(accepted!.idempotencyKey).toBe(limited!.idempotencyKey);
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(990);
    expectEachDeliveredOnce(await deliveryCounts(h.standin), 3);
    expect((await h.outbox()).map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it("a long retry-after (a quota) puts the rows back until then", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(2));
    await h.standin.setFaults({ limitNext: 1, retryAfterSeconds: 3600 });
    const start = Date.now();
    expect(await deliverDueEmail(h.env())).toMatchObject({ sent: 0, retried: 2, requests: 1 });
    for (const row of await h.outbox()) {
      expect(row).toMatchObject({ status: "queued", batch_key: null });
      expect(row.last_error).toMatch(/^rate_limited: 429 rate_limit_exceeded/);
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(start + 3_600_000);
    }
    expect(await deliverDueEmail(h.env(), { now: Date.now() + 3_601_000 })).toMatchObject({ sent: 2 });
    expectEachDeliveredOnce(await deliveryCounts(h.standin), 2);
  });
});

describe("a slow provider", () => {
  it("the sender gives up on time; the batch is retried under its key and never delivered twice", async () => {
    const h = harness();
    const ids = await h.addEntries(3);
    await h.queue("confirm", ids);
    // The provider accepts the batch and answers only when the test says: however slow the machine,
    // the sender's 300 ms are over long before, and the request is still running for the retry below.
    await h.standin.setFaults({ hold: true });
    expect(await deliverDueEmail(h.env(), { requestTimeoutMs: 300 })).toMatchObject({ sent: 0, retried: 3 });
    expect(await h.standin.requests()).toEqual([]); // gave up without an answer
    const pinned = await h.outbox();
    expect(new Set(pinned.map((r) => r.batch_key)).size).toBe(1);
    expect(pinned[0]!.batch_key).toMatch(/^b1\./);
    expect(pinned.map((r) => r.last_error)).toEqual(Array(3).fill("timeout: no answer within 300 ms"));
    // The stand-in accepted the messages even though the answer never arrived.
    expect(await h.standin.deliveries()).toHaveLength(3);

    // Retried while the first request is still running: the provider says so, nothing is sent.
    expect(await deliverDueEmail(h.env(), { now: Date.now() + MINUTE })).toMatchObject({ sent: 0, retried: 3 });
    expect((await h.standin.requests()).at(-1)).toMatchObject({ status: 409 });
    expect((await h.outbox())[0]!.last_error).toMatch(/^idempotency_in_flight/);

    // Once it has finished: the same batch, the same key, the same bytes: the original answer, no delivery.
    await h.standin.setFaults({ hold: false });
    await h.standin.whenIdle();
    expect(await deliverDueEmail(h.env(), { now: Date.now() + 10 * MINUTE })).toMatchObject({ sent: 3 });
    expect((await h.standin.requests()).at(-1)).toMatchObject({ status: 200, replayed: true, idempotencyKey: pinned[0]!.batch_key });
    expectEachDeliveredOnce(await deliveryCounts(h.standin), 3);
    const sent = await h.outbox();
    expect(sent.map((r) => r.provider_id).sort()).toEqual((await h.standin.deliveries()).map((d) => d.id).sort());
  });

  it("a batch that changed since (an entry deleted) is not sent again under a new key: recorded as sent, unconfirmed", async () => {
    const h = harness();
    const ids = await h.addEntries(2);
    await h.queue("confirm", ids);
    await h.standin.setFaults({ delayMs: 1500 });
    await deliverDueEmail(h.env(), { requestTimeoutMs: 200 });
    await h.standin.whenIdle();
    await h.db.prepare("DELETE FROM waitlist WHERE id = ?1").bind(ids[0]!).run(); // its outbox row goes by cascade
    await h.standin.setFaults({ delayMs: 0 });
    expect(await deliverDueEmail(h.env(), { now: Date.now() + MINUTE })).toMatchObject({ sent: 1 });
    expect((await h.standin.requests()).at(-1)).toMatchObject({ status: 409 });
    const [row] = await h.outbox();
    expect(row).toMatchObject({ status: "sent", provider_id: null });
    expect(row!.last_error).toMatch(/^unconfirmed: idempotency_conflict/);
    expect(await h.standin.deliveries()).toHaveLength(2); // the first request's, nothing more
  });
});

describe("a sender that crashes right after a send", () => {
  it("its lease lapses, another sender claims the rows and resends the same batch: deduplicated by the Idempotency-Key", async () => {
    const h = harness();
    await h.queue("welcome", await h.addEntries(4, { status: "confirmed" }));
    const real = new ResendProvider({ apiUrl: h.standin.url, apiKey: h.standin.apiKey, from: EMAIL_FROM, replyTo: "support@linkvault.app" });
    const crashing: EmailProvider = {
      name: "resend",
      send: (message, options) => real.send(message, options),
      async sendBatch(messages, options) {
        await real.sendBatch(messages, options);
        throw new Error("isolate evicted");
      },
    };
    await expect(deliverDueEmail(h.env(), { provider: crashing })).rejects.toThrow("isolate evicted");
    const held = await h.outbox();
    expect(held.map((r) => r.status)).toEqual(Array(4).fill("sending"));
    expect(await h.standin.deliveries()).toHaveLength(4);

    // While the lease holds, nobody else takes the rows.
    expect(await deliverDueEmail(h.env())).toMatchObject({ claimed: 0 });
    const lapsed = Date.parse(held[0]!.claimed_until!) + 1000;
    expect(await deliverDueEmail(h.env(), { now: lapsed })).toMatchObject({ claimed: 4, sent: 4 });
    expect((await h.standin.requests()).at(-1)).toMatchObject({ replayed: true });
    expectEachDeliveredOnce(await deliveryCounts(h.standin), 4);
    expect((await h.outbox()).map((r) => [r.status, r.attempts])).toEqual(Array(4).fill(["sent", 2]));
  });
});

describe("failures for good", () => {
  it("after EMAIL_MAX_ATTEMPTS, a message is failed with last_error (and no address)", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(2));
    await h.standin.setFaults({ failNext: 1000 });
    const env = h.env({ EMAIL_MAX_ATTEMPTS: "3" });
    let now = Date.now();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await deliverDueEmail(env, { now });
      now += 3_600_000; // beyond any retry delay
    }
    const rows = await h.outbox();
    expect(byStatus(rows)).toEqual({ failed: 2 });
    for (const row of rows) {
      expect(row.attempts).toBe(3);
      expect(row.last_error).toMatch(/^http_500_internal_server_error: .*\(after 3 attempts\)$/);
      expect(row.last_error).not.toContain("@");
    }
    expect(await deliverDueEmail(env, { now })).toMatchObject({ claimed: 0 });
    expect(await h.standin.deliveries()).toEqual([]);
  });

  it("a batch refused for one bad message: each goes again alone; the bad one fails, the others are delivered", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(4));
    await h.standin.setFaults({ refuse: [addressOf(2)] });
    const report = await deliverDueEmail(h.env());
    expect(report).toMatchObject({ sent: 3, failed: 1 });
    expect((await h.standin.requests()).map((r) => [r.status, r.messages])).toEqual([[422, 4], [200, 1], [200, 1], [422, 1], [200, 1]]);
    const rows = await h.outbox();
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "failed", "sent"]);
    expect(rows[2]!.last_error).toMatch(/^http_422_validation_error/);
    expect(rows[2]!.last_error).not.toContain("@");
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1, 1]);
    expectEachDeliveredOnce(await deliveryCounts(h.standin), 3);
  });

  it("a wrong API key is retried (mail waits for the fix), not failed", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(1));
    expect(await deliverDueEmail(h.env({ EMAIL_API_KEY: "re_wrong_key_000" }))).toMatchObject({ retried: 1, failed: 0 });
    expect((await h.outbox())[0]).toMatchObject({ status: "queued", last_error: "http_403_invalid_api_key: 403 invalid_api_key: API key is invalid" });
  });
});

describe("claims", () => {
  it("two claims at once never share a row", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(30));
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDue(h.db, { limit: 7, leaseMs: MINUTE, now })));
    const ids = claims.flatMap((c) => c.rows.map((r) => r.id));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
