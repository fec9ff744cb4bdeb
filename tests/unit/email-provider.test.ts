/**
 * The Resend provider's requests and its reading of answers, against the stand-in (which speaks
 * Resend's shapes), and the retry schedule.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RETRY_SCHEDULE_MS, retryDelayMs } from "~/features/email/outbox.server";
import { ResendProvider, retryAfterMs } from "~/features/email/resend.server";
import { startResendStandin, type ResendStandin } from "../../scripts/lib/resend-standin.mjs";

let standin: ResendStandin;
beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
});
afterAll(() => standin.close());
beforeEach(async () => {
  standin.reset();
  await standin.setFaults({ down: false });
});

const provider = (overrides: Partial<ConstructorParameters<typeof ResendProvider>[0]> = {}) =>
  new ResendProvider({ apiUrl: standin.url, apiKey: standin.apiKey, from: "LinkVault <hello@linkvault.example>", replyTo: "support@linkvault.app", ...overrides });
const message = (to = "reader@example.com") => ({ to, subject: "Hello", html: "<p>Hi</p>", text: "Hi", headers: { "List-Unsubscribe": "<https://linkvault.example/u>" } });

describe("ResendProvider", () => {
  it("sends one message and a batch with the bearer key, the Idempotency-Key, reply_to and the custom headers", async () => {
    const single = await provider().send(message(), { idempotencyKey: "one" });
    const batch = await provider().sendBatch([message("a@example.com"), message("b@example.com")], { idempotencyKey: "two" });
    expect(single).toEqual({ ok: true, id: standin.deliveries[0]!.id });
    expect(batch).toEqual([
      { ok: true, id: standin.deliveries[1]!.id },
      { ok: true, id: standin.deliveries[2]!.id },
    ]);
    expect(standin.requests.map((r) => [r.path, r.idempotencyKey, r.messages])).toEqual([["/emails", "one", 1], ["/emails/batch", "two", 2]]);
    expect(standin.deliveries[1]).toMatchObject({ to: ["a@example.com"], from: "LinkVault <hello@linkvault.example>", reply_to: "support@linkvault.app", headers: { "List-Unsubscribe": "<https://linkvault.example/u>" } });
  });

  it("the same key and body again: the original answer, nothing delivered twice; another body: a conflict", async () => {
    const first = await provider().sendBatch([message()], { idempotencyKey: "same" });
    const again = await provider().sendBatch([message()], { idempotencyKey: "same" });
    expect(again).toEqual(first);
    expect(standin.deliveries).toHaveLength(1);
    const changed = await provider().sendBatch([message("other@example.com")], { idempotencyKey: "same" });
    expect(changed[0]).toMatchObject({ ok: false, error: { code: "idempotency_conflict", retryable: false, uncertain: true, status: 409 } });
  });

  it("classifies failures: 429 with retry-after, 5xx and timeouts uncertain, 4xx permanent, a bad key retryable", async () => {
    await standin.setFaults({ limitNext: 1, retryAfterSeconds: 7 });
    expect((await provider().send(message(), { idempotencyKey: "a" }))).toMatchObject({ ok: false, error: { code: "rate_limited", retryable: true, uncertain: false, retryAfterMs: 7000 } });
    await standin.setFaults({ failNext: 1, failStatus: 502 });
    expect(await provider().send(message(), { idempotencyKey: "b" })).toMatchObject({ ok: false, error: { code: "http_502_internal_server_error", retryable: true, uncertain: true } });
    expect(await provider({ apiKey: "re_wrong_000000" }).send(message(), { idempotencyKey: "c" })).toMatchObject({ ok: false, error: { code: "http_403_invalid_api_key", retryable: true, uncertain: false } });
    expect(await provider().send(message("not an address"), { idempotencyKey: "d" })).toMatchObject({ ok: false, error: { code: "http_422_validation_error", retryable: false, uncertain: false } });
    await standin.setFaults({ delayMs: 1000 });
    expect(await provider({ timeoutMs: 100 }).send(message(), { idempotencyKey: "e" })).toMatchObject({ ok: false, error: { code: "timeout", retryable: true, uncertain: true } });
    // Still running at the stand-in: the same key now is "in flight".
    expect(await provider().send(message(), { idempotencyKey: "e" })).toMatchObject({ ok: false, error: { code: "idempotency_in_flight", retryable: true } });
    await standin.whenIdle();
    await standin.setFaults({ down: "refuse" });
    expect(await provider().send(message(), { idempotencyKey: "f" })).toMatchObject({ ok: false, error: { code: "network", retryable: true } });
  });

  it("reads retry-after as seconds or a date, else ratelimit-reset, else one second", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(now + 5000).toUTCString() }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ "ratelimit-reset": "3" }), now)).toBe(3000);
    expect(retryAfterMs(new Headers(), now)).toBe(1000);
  });
});

describe("the retry schedule", () => {
  it("retries first within a minute, then waits longer each time, jitter only ever earlier", () => {
    expect(retryDelayMs(1, 0)).toBe(30_000);
    expect(retryDelayMs(1, 0.999)).toBeGreaterThanOrEqual(24_000);
    for (let attempt = 1; attempt < RETRY_SCHEDULE_MS.length; attempt++) {
      expect(retryDelayMs(attempt + 1, 0.999)).toBeGreaterThan(retryDelayMs(attempt, 0));
    }
    expect(retryDelayMs(50, 0)).toBe(RETRY_SCHEDULE_MS.at(-1));
  });

  it("with the default 8 attempts, every retry of a batch falls inside the provider's 24 h Idempotency-Key window", () => {
    const total = Array.from({ length: 7 }, (_, i) => retryDelayMs(i + 1, 0)).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(23 * 3_600_000);
  });
});
