/**
 * The provider webhook's signature check (Svix's scheme, as Resend signs): the published example of
 * Svix's own library verifies, and every way a call can be wrong is refused with the right status.
 */
import { describe, expect, it } from "vitest";
import { svixSignature, verifySvixSignature, WEBHOOK_TOLERANCE_SECONDS } from "~/features/outreach/webhook.server";

// Svix's documented example (svix/webhook.test.ts and docs.svix.com "Verifying manually").
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = "1614265330";
const BODY = '{"test": 2432232314}';
const SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
const AT = Number(TIMESTAMP) * 1000;

const verify = (overrides: Partial<{ id: string | null; timestamp: string | null; signature: string | null }> = {}, body = BODY, now = AT, secret = SECRET) =>
  verifySvixSignature(secret, { id: ID, timestamp: TIMESTAMP, signature: SIGNATURE, ...overrides }, body, now);

describe("verifySvixSignature", () => {
  it("accepts Svix's published example, and signs it the same way", async () => {
    expect(await verify()).toEqual({ ok: true });
    expect(await svixSignature(SECRET, ID, Number(TIMESTAMP), BODY)).toBe(SIGNATURE);
  });

  it("accepts any one matching v1 entry among several (a secret rotation), and ignores other versions", async () => {
    expect(await verify({ signature: `v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= v2,xyz ${SIGNATURE}` })).toEqual({ ok: true });
    expect(await verify({ signature: `v2,${SIGNATURE.slice(3)}` })).toMatchObject({ ok: false, status: 401 });
  });

  it("refuses a changed body, id or timestamp, another secret, or a signature that is not one", async () => {
    expect(await verify({}, '{"test": 2432232315}')).toMatchObject({ ok: false, status: 401, reason: "bad_signature" });
    expect(await verify({ id: "msg_other" })).toMatchObject({ ok: false, status: 401 });
    expect(await verify({ timestamp: String(Number(TIMESTAMP) + 1) }, BODY, AT + 1000)).toMatchObject({ ok: false, status: 401 });
    expect(await verify({}, BODY, AT, "whsec_" + btoa("another secret of enough length"))).toMatchObject({ ok: false, status: 401 });
    for (const signature of ["v1,", "v1,not base64!", "v1," + btoa("short"), "garbage", ""]) {
      expect((await verify({ signature })).ok).toBe(false);
    }
  });

  it("refuses a call without its headers, or with malformed ones (400)", async () => {
    expect(await verify({ id: null })).toMatchObject({ ok: false, status: 400, reason: "missing_headers" });
    expect(await verify({ timestamp: null })).toMatchObject({ ok: false, status: 400 });
    expect(await verify({ signature: null })).toMatchObject({ ok: false, status: 400 });
    expect(await verify({ timestamp: "1614265330.5" })).toMatchObject({ ok: false, status: 400, reason: "malformed_headers" });
    expect(await verify({ id: "msg id with spaces" })).toMatchObject({ ok: false, status: 400, reason: "malformed_headers" });
  });

  it("refuses a timestamp more than 5 minutes from now, either way (a stale replay, a clock far ahead)", async () => {
    const edge = WEBHOOK_TOLERANCE_SECONDS * 1000;
    expect(await verify({}, BODY, AT + edge)).toEqual({ ok: true });
    expect(await verify({}, BODY, AT - edge)).toEqual({ ok: true });
    expect(await verify({}, BODY, AT + edge + 1000)).toMatchObject({ ok: false, status: 400, reason: "stale_timestamp" });
    expect(await verify({}, BODY, AT - edge - 1000)).toMatchObject({ ok: false, status: 400, reason: "stale_timestamp" });
  });
});
