import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "~/lib/signed-token.server";

const SECRET = "s".repeat(40);
const NOW = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

const mint = (overrides: Partial<{ purpose: string; subject: string; expiresAt: number }> = {}) =>
  signToken(SECRET, { purpose: "confirm", subject: "42", expiresAt: NOW + 48 * HOUR, ...overrides });

describe("signed tokens", () => {
  it("verify with the same secret, purpose and time: valid, naming the subject and the expiry", async () => {
    const token = await mint();
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(token.length).toBeLessThan(50);
    expect(await verifyToken(SECRET, "confirm", token, NOW)).toEqual({ status: "valid", subject: "42", expiresAt: NOW + 48 * HOUR });
  });

  it("is the same token for the same inputs (a resent message renders the same bytes)", async () => {
    expect(await mint()).toBe(await mint());
  });

  it("past its time: expired, still naming the subject (an expired confirmation link offers a new one)", async () => {
    const token = await mint();
    expect(await verifyToken(SECRET, "confirm", token, NOW + 48 * HOUR)).toEqual({ status: "expired", subject: "42", expiresAt: NOW + 48 * HOUR });
  });

  it("for another purpose: invalid", async () => {
    const token = await mint({ purpose: "status" });
    expect(await verifyToken(SECRET, "confirm", token, NOW)).toEqual({ status: "invalid" });
    expect(await verifyToken(SECRET, "unsubscribe", token, NOW)).toEqual({ status: "invalid" });
  });

  it("under another secret: invalid, even when expired", async () => {
    const token = await mint();
    expect(await verifyToken("t".repeat(40), "confirm", token, NOW)).toEqual({ status: "invalid" });
    expect(await verifyToken("t".repeat(40), "confirm", token, NOW + 100 * HOUR)).toEqual({ status: "invalid" });
  });

  it("tampered anywhere: invalid (subject, expiry, each character of the signature)", async () => {
    const token = await mint();
    const [subject, expiry, signature] = token.split(".") as [string, string, string];
    const swap = (c: string) => (c === "A" ? "B" : "A");
    expect(await verifyToken(SECRET, "confirm", `43.${expiry}.${signature}`, NOW)).toEqual({ status: "invalid" });
    const later = (parseInt(expiry, 36) + 3600).toString(36);
    expect(await verifyToken(SECRET, "confirm", `${subject}.${later}.${signature}`, NOW + 48 * HOUR)).toEqual({ status: "invalid" });
    for (let i = 0; i < signature.length; i++) {
      const forged = signature.slice(0, i) + swap(signature[i]!) + signature.slice(i + 1);
      expect(await verifyToken(SECRET, "confirm", `${subject}.${expiry}.${forged}`, NOW)).toEqual({ status: "invalid" });
    }
  });

  it.each([null, undefined, "", "abc", "42.zz", "42..x", "4 2.abc.AAAAAAAAAAAAAAAAAAAAAA", "x".repeat(500), "42.abc.AAAAAAAAAAAAAAAAAAAAAA=="])("refuses %j as invalid", async (token) => {
    expect(await verifyToken(SECRET, "confirm", token, NOW)).toEqual({ status: "invalid" });
  });

  it("refuses subjects and purposes it cannot encode safely", async () => {
    await expect(mint({ subject: "a.b" })).rejects.toThrow(/subject/);
    await expect(mint({ subject: "" })).rejects.toThrow(/subject/);
    await expect(mint({ purpose: "Confirm Me" })).rejects.toThrow(/purpose/);
  });
});
