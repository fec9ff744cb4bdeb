/**
 * Keeping bots out of the sign-up forms (ADR 0033), through the real pipeline, D1 in Miniflare and a
 * Turnstile stand-in on 127.0.0.1 that speaks siteverify's shapes: a valid token passes, a missing,
 * invalid or reused one is refused with a clear 400, a verifier that cannot answer lets the sign-up
 * through and logs it without personal data; disposable addresses are refused; the CSP admits
 * Turnstile only when it is on.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DISPOSABLE_ADDRESS_MESSAGE, HUMAN_CHECK_MESSAGES } from "~/lib/messages";
import { englishT } from "../support/english";
import { verifyTurnstileToken } from "~/lib/turnstile.server";
import { createTestApp, formPost, type TestApp, SIGN_UP_ACTION, refusal } from "../support/app";
import { startTurnstileStandin, type TurnstileStandin } from "../support/standins";
import { freezeClock } from "../support/clock";

let app: TestApp;
let standin: TurnstileStandin;
/** The site with Turnstile on, pointed at the stand-in. */
let on: TestApp["fetch"];
let turnstileVars: Record<string, string>;
let unreachableUrl: string;

beforeAll(async () => {
  standin = await startTurnstileStandin();
  // A port that answered a moment ago and no longer does: the verifier is down.
  const closed = await startTurnstileStandin();
  unreachableUrl = closed.verifyUrl;
  await closed.close();
  app = await createTestApp({ WAITLIST_RATE_LIMIT_MAX: "1000" });
  turnstileVars = {
    TURNSTILE_SITE_KEY: standin.siteKey,
    TURNSTILE_SECRET_KEY: standin.secretKey,
    TURNSTILE_VERIFY_URL: standin.verifyUrl,
    TURNSTILE_SCRIPT_URL: standin.scriptUrl,
  };
  on = app.withEnv(turnstileVars);
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await standin.reset();
  await app.db.batch([app.db.prepare("DELETE FROM waitlist"), app.db.prepare("DELETE FROM rate_limits")]);
});
afterEach(() => vi.restoreAllMocks());

const ADDRESS = "ada.lovelace@example.com";
const CLIENT_IP = "203.0.113.77";

function signUpFields(fields: Record<string, string> = {}) {
  return { email: ADDRESS, name: "Ada Lovelace", source: "main_waitlist_section", submissionTime: String(Date.now() - 10_000), ...fields };
}
const signUp = (fetcher: TestApp["fetch"], fields: Record<string, string> = {}, path = SIGN_UP_ACTION, ip = CLIENT_IP) =>
  fetcher(formPost(path, signUpFields(fields), ip));

async function storedEmails(): Promise<string[]> {
  const { results } = await app.db.prepare("SELECT email FROM waitlist ORDER BY id").all<{ email: string }>();
  return results.map((row) => row.email);
}

/** Every console line written while `run` runs, as text. */
async function logsOf(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  for (const level of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
  await run();
  vi.restoreAllMocks();
  return lines;
}

describe("the waitlist API with Turnstile on", () => {
  it("accepts a valid token, checked with siteverify's form fields (secret, response, remoteip, idempotency_key)", async () => {
    const token = await standin.issueToken({ action: "waitlist" });
    const response = await signUp(on, { "cf-turnstile-response": token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ state: "success" });
    expect(await storedEmails()).toEqual([ADDRESS]);

    const verifications = await standin.verifications();
    expect(verifications).toHaveLength(1);
    const { fields, answer } = verifications[0]!;
    expect(fields).toEqual({ secret: standin.secretKey, response: token, remoteip: CLIENT_IP, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(answer).toMatchObject({ success: true, "error-codes": [] });
  });

  it("refuses a missing token with a clear 400, without asking the verifier", async () => {
    const response = await signUp(on);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ...refusal(null, HUMAN_CHECK_MESSAGES.missing), reply: { error: { "": [HUMAN_CHECK_MESSAGES.missing] }, initialValue: { email: ADDRESS } } });
    expect(await standin.verifications()).toHaveLength(0);
    expect(await storedEmails()).toEqual([]);
  });

  it("refuses an invalid token and a token used before, with a clear 400", async () => {
    const invalid = await signUp(on, { "cf-turnstile-response": "not-a-token-the-verifier-issued" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ state: "error", message: HUMAN_CHECK_MESSAGES.failed });

    const token = await standin.issueToken();
    expect((await signUp(on, { "cf-turnstile-response": token })).status).toBe(200);
    const reused = await signUp(on, { "cf-turnstile-response": token, email: "someone.else@example.com" });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ message: HUMAN_CHECK_MESSAGES.failed });
    expect((await standin.verifications()).at(-1)!.answer).toMatchObject({ success: false, "error-codes": ["timeout-or-duplicate"] });
    expect(await storedEmails()).toEqual([ADDRESS]);
  });

  it("checks the token before the rate limit, so refused bots do not use up a person's allowance", async () => {
    freezeClock();
    const strict = app.withEnv({ ...turnstileVars, WAITLIST_RATE_LIMIT_MAX: "2" });
    for (let i = 0; i < 4; i++) expect((await signUp(strict, { "cf-turnstile-response": "forged" })).status).toBe(400);
    expect((await signUp(strict, { "cf-turnstile-response": await standin.issueToken() })).status).toBe(200);
  });

  it("lets the sign-up through when the verifier is down, and logs it without personal data", async () => {
    const down = app.withEnv({ ...turnstileVars, TURNSTILE_VERIFY_URL: unreachableUrl });
    let response!: Response;
    const logs = await logsOf(async () => {
      response = await signUp(down, { "cf-turnstile-response": await standin.issueToken() });
    });
    expect(response.status).toBe(200);
    expect(await storedEmails()).toEqual([ADDRESS]);
    const line = logs.find((entry) => entry.includes("turnstile_unverified"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: "warn", event: "turnstile_unverified", reason: "network" });
    for (const entry of logs) {
      expect(entry).not.toContain(ADDRESS);
      expect(entry).not.toContain(CLIENT_IP);
      expect(entry).not.toContain("standin.");
    }
  });

  it.each([
    ["503", "status 503"],
    ["internal-error", "internal-error"],
    ["garbage", "unreadable answer (status 200)"],
  ] as const)("lets the sign-up through when the verifier answers %s, after one retry with the same idempotency key", async (mode, reason) => {
    await standin.setModes({ verify: mode });
    let response!: Response;
    const logs = await logsOf(async () => {
      response = await signUp(on, { "cf-turnstile-response": await standin.issueToken() });
    });
    expect(response.status).toBe(200);
    const verifications = await standin.verifications();
    expect(verifications).toHaveLength(2);
    const [first, second] = verifications;
    expect(second!.fields.idempotency_key).toBe(first!.fields.idempotency_key);
    expect(logs.some((entry) => entry.includes('"turnstile_unverified"') && entry.includes(reason))).toBe(true);
  });

  it("lets the sign-up through when the verifier refuses our own secret, and logs that as an error", async () => {
    const misconfigured = app.withEnv({ ...turnstileVars, TURNSTILE_SECRET_KEY: "0xWRONG-secret-0000000000000000" });
    let response!: Response;
    const logs = await logsOf(async () => {
      response = await signUp(misconfigured, { "cf-turnstile-response": await standin.issueToken() });
    });
    expect(response.status).toBe(200);
    expect(logs.some((entry) => entry.includes('"level":"error"') && entry.includes("turnstile_misconfigured") && entry.includes("invalid-input-secret"))).toBe(true);
    expect(logs.join("\n")).not.toContain("0xWRONG");
  });

  it("answers a page post without JavaScript (no token) with the clear message, on /waitlist and /notify", async () => {
    const page = await signUp(on, {}, "/waitlist");
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(HUMAN_CHECK_MESSAGES.missing.replace(/'/g, "&#x27;"));
    expect(html).toContain(englishT("common.forms.humanCheckNoScript").replace(/'/g, "&#x27;"));

    const notify = await signUp(on, { source: "notification_modal", intent: "waitlist", platform: "android" }, "/notify?platform=android");
    expect(notify.status).toBe(400);
    expect(await notify.text()).toContain(HUMAN_CHECK_MESSAGES.missing.replace(/'/g, "&#x27;"));
    expect(await storedEmails()).toEqual([]);
  });
});

describe("siteverify timeouts", () => {
  it("gives up on a verifier that never answers, after one retry with the same idempotency key", async () => {
    await standin.setModes({ verify: "hang" });
    const settings = { siteKey: standin.siteKey, secretKey: standin.secretKey, verifyUrl: standin.verifyUrl, scriptUrl: standin.scriptUrl };
    const verdict = await verifyTurnstileToken(settings, { token: await standin.issueToken() }, { timeoutMs: 100 });
    expect(verdict).toEqual({ outcome: "unverified", reason: "timeout", configuration: false });
    const verifications = await standin.verifications();
    expect(verifications).toHaveLength(2);
    expect(verifications[1]!.fields.idempotency_key).toBe(verifications[0]!.fields.idempotency_key);
  });

  it("refuses a token longer than Cloudflare's 2,048 characters without sending it", async () => {
    const settings = { siteKey: standin.siteKey, secretKey: standin.secretKey, verifyUrl: standin.verifyUrl, scriptUrl: standin.scriptUrl };
    expect(await verifyTurnstileToken(settings, { token: "x".repeat(2049) })).toMatchObject({ outcome: "refused", reason: "invalid" });
    expect(await standin.verifications()).toHaveLength(0);
  });
});

describe("disposable addresses", () => {
  it.each([["with Turnstile off"], ["with Turnstile on"]])("are refused with a clear 400 on the email field, %s, before the human check", async (label) => {
    const fetcher = label.endsWith("on") ? on : app.fetch;
    const response = await signUp(fetcher, { email: "someone@mail.mailinator.com", "cf-turnstile-response": await standin.issueToken() });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(refusal("email", DISPOSABLE_ADDRESS_MESSAGE));
    expect(await standin.verifications()).toHaveLength(0);
    expect(await storedEmails()).toEqual([]);
  });
});

describe("the CSP and Turnstile", () => {
  const csp = (response: Response) => response.headers.get("Content-Security-Policy") ?? "";

  it("allows no other host and no frames when Turnstile is off", async () => {
    for (const path of ["/home", "/waitlist", "/notify"]) {
      const policy = csp(await app.fetch(path));
      expect(policy).not.toContain("frame-src");
      expect(policy).not.toContain("challenges.cloudflare.com");
      expect(policy).not.toContain(standin.origin);
    }
  });

  it("allows Turnstile's script and frame origin, and nothing else new, when it is on", async () => {
    for (const path of ["/home", "/waitlist", "/notify"]) {
      const policy = csp(await on(path));
      expect(policy).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' 'strict-dynamic' ${standin.origin};`));
      expect(policy).toContain(`frame-src 'self' ${standin.origin};`);
      expect(policy).toContain("connect-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });

  it("puts the site key in the page's data but loads nothing from Turnstile on a page view", async () => {
    const html = await (await on("/waitlist")).text();
    expect(html).toContain(standin.siteKey);
    expect(html).not.toMatch(/<script[^>]+src="[^"]*turnstile/);
    expect(html).not.toMatch(/<link[^>]+href="[^"]*turnstile/);
    expect(html).not.toContain("<iframe");
  });

  it("never serves a page cached with Turnstile off once it is on (the configuration is part of the cache key)", async () => {
    const first = await app.fetch("/home");
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    await app.settle();
    const cached = await app.fetch("/home", { headers: { Cookie: cookie } });
    expect(cached.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await cached.text()).not.toContain(standin.siteKey);
    // The same visitor once Turnstile is on: a page rendered with it (fresh, or stored by an earlier
    // test with Turnstile on), never the copy stored above.
    const withTurnstile = await on("/home", { headers: { Cookie: cookie } });
    expect(await withTurnstile.text()).toContain(standin.siteKey);
  });
});
