/**
 * Two senders at once (the cron and a queue message, or two queue consumers): every message is
 * delivered exactly once, and together they keep to the provider's pace, measured where it counts,
 * at the stand-in.
 */
import { describe, expect, it } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { deliveryCounts, emailHarnessPerFile } from "../support/email-harness";

const harness = emailHarnessPerFile();

describe("two senders at once", () => {
  it("over 200 queued messages: each delivered exactly once, every row sent", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(200));
    await h.standin.setRate(20);
    const env = h.env({ EMAIL_SEND_RATE_PER_SECOND: "20" });
    const reports = await Promise.all([deliverDueEmail(env, { batchSize: 10, deadlineMs: 60_000 }), deliverDueEmail(env, { batchSize: 10, deadlineMs: 60_000 })]);

    const counts = await deliveryCounts(h.standin);
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(200);
    // Both took part (each claims 10 at a time).
    expect(reports[0]!.sent).toBeGreaterThan(0);
    expect(reports[1]!.sent).toBeGreaterThan(0);
    const rows = await h.outbox();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.provider_id)).size).toBe(200);
  });

  it("keep to EMAIL_SEND_RATE_PER_SECOND together, as the stand-in measures it", async () => {
    const h = harness();
    const RATE = 5;
    const MESSAGES = 16;
    const SENDERS = 2;
    await h.queue("confirm", await h.addEntries(MESSAGES));
    await h.standin.setRate(0); // measure our pace, not the stand-in's limit
    const env = h.env({ EMAIL_SEND_RATE_PER_SECOND: String(RATE) });
    const start = Date.now();
    await Promise.all(Array.from({ length: SENDERS }, () => deliverDueEmail(env, { batchSize: 1, deadlineMs: 60_000 })));

    const times = (await h.standin.requests()).map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(MESSAGES);
    expect([...(await deliveryCounts(h.standin)).values()].every((n) => n === 1)).toBe(true);
    // Slots are 1000/RATE ms apart whoever takes them, and no request starts before its slot: the
    // last of N cannot arrive before (N - 1) intervals have passed.
    expect(times.at(-1)! - start).toBeGreaterThanOrEqual((MESSAGES - 1) * (1000 / RATE) - 5);
    // In any one second, at most RATE + 1 slots begin; a sender has one request in flight at a time, so
    // late arrivals add at most one per sender (a tolerance that load on the machine cannot break).
    for (const t of times) {
      const inWindow = times.filter((u) => u >= t && u < t + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(RATE + SENDERS);
    }
  });
});
