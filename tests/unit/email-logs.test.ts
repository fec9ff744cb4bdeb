/**
 * No log line from the email code carries an address: the log helpers redact every string, and the
 * provider's failures (whose messages can quote addresses) are redacted before anyone logs or stores
 * them. (The integration tests also capture every log line of their runs and check the same.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logEmailError, logEmailInfo, logEmailWarn } from "~/features/email/log.server";
import { lastError } from "~/features/email/outbox.server";
import { redactAddresses } from "~/features/email/redact";
import { ResendProvider } from "~/features/email/resend.server";
import { startResendStandin, type ResendStandin } from "../../scripts/lib/resend-standin.mjs";

const ADDRESS = /[^\s"'<>@]+@[^\s"'<>@]+\.[a-z]{2,}/i;

function captureLogs(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
  );
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

let standin: ResendStandin;
beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
});
afterAll(() => standin.close());

describe("email logs", () => {
  it("redact addresses in every field and in errors", () => {
    const logs = captureLogs();
    try {
      logEmailInfo("email_test", { recipient: "Jane.Doe+list@Example.co.uk", note: "to <bob@example.org>", count: 3 });
      logEmailWarn("email_test", { detail: "refused: carol@sub.example.com" });
      logEmailError("email_test", new Error("cannot send to dave@example.net", { cause: new Error("mailbox erin@example.io full") }), { to: "x@y.zz" });
    } finally {
      logs.restore();
    }
    expect(logs.lines).toHaveLength(3);
    for (const line of logs.lines) {
      expect(line).not.toMatch(ADDRESS);
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(logs.lines.join("\n")).toContain("[address]");
    expect(JSON.parse(logs.lines[0]!)).toMatchObject({ level: "info", event: "email_test", count: 3 });
  });

  it("the provider's refusals (which quote addresses) come back redacted, for last_error and logs", async () => {
    standin.reset();
    await standin.setFaults({ refuse: ["reader@example.com"] });
    const provider = new ResendProvider({ apiUrl: standin.url, apiKey: standin.apiKey, from: "LinkVault <hello@linkvault.example>", replyTo: "support@linkvault.app" });
    const message = { to: "reader@example.com", subject: "s", html: "<p>h</p>", text: "h", headers: {} };
    const [refused] = await provider.sendBatch([message], { idempotencyKey: "k1" });
    expect(refused).toMatchObject({ ok: false, error: { retryable: false, code: "http_422_validation_error" } });
    const [badFrom] = await new ResendProvider({ apiUrl: standin.url, apiKey: standin.apiKey, from: "not-an-address", replyTo: "support@linkvault.app" }).sendBatch([{ ...message, to: "ok@example.com" }], { idempotencyKey: "k2" });
    const detail = !badFrom!.ok ? badFrom!.error.detail : "";
    expect(detail).toMatch(/^422 invalid_from_address: /);
    expect(detail).not.toMatch(ADDRESS); // Resend's message quotes `email@example.com`
    expect(lastError(`${detail} for reader@example.com`)).not.toMatch(ADDRESS);
  });

  it("redactAddresses leaves other text alone", () => {
    expect(redactAddresses("timeout: no answer within 300 ms")).toBe("timeout: no answer within 300 ms");
    expect(redactAddresses("http_500 at https://api.resend.com/emails")).toBe("http_500 at https://api.resend.com/emails");
    expect(redactAddresses("to a@b.co, c@d.org")).toBe("to [address], [address]");
  });
});
