/**
 * The waitlist against the pen test of issue 30, each attack sent as it was sent then: list bombing one
 * inbox from many clients and spellings, display-name addresses, suppression bypass, links and invisible
 * text in names; and the limits that let a room full of people behind one address sign up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { isSuppressed, suppress } from "~/features/email/suppression.server";
import { svixSignature } from "~/features/outreach/webhook.server";
import { addToWaitlist, CONFIRMATION_RESEND_MS, INBOX_BUSY_MESSAGE, type NewWaitlistEntry } from "~/features/waitlist/waitlist.server";
import type { JobsEnv } from "~/lib/env.server";
import { RATE_LIMIT_MESSAGE, VALIDATION_MESSAGES } from "~/lib/messages";
import { emailVariables } from "../support/email-variables";
import { createTestApp, d1FailingFor, formPost, type TestApp, SIGN_UP_ACTION, refusal } from "../support/app";
import { startResendStandin, type ResendStandin } from "../support/standins";

const WEBHOOK_SECRET = `whsec_${btoa("a webhook signing secret for tests, 32+ bytes")}`;

let standin: ResendStandin;
let app: TestApp;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  // The default limits: these tests are about them.
  vars = { ...emailVariables(standin), EMAIL_WEBHOOK_SECRET: WEBHOOK_SECRET };
  app = await createTestApp(vars);
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
afterEach(async () => {
  await app.settle();
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions", "dev_mailbox"].map((t) => app.db.prepare(`DELETE FROM ${t}`)));
  await standin.reset();
});

const jobsEnv = () => ({ ...app.env, DB: app.db }) as unknown as JobsEnv;
const earlier = () => String(Date.now() - 5_000);
const signUp = (fields: Record<string, string>, ip: string) =>
  app.fetch(formPost(SIGN_UP_ACTION, { submissionTime: earlier(), ...fields }, ip, { Referer: "http://127.0.0.1:8788/waitlist" }));
const stored = () => app.db.prepare("SELECT email FROM waitlist ORDER BY id").all<{ email: string }>().then((r) => r.results.map((row) => row.email));
const confirmationsTo = async (inbox: RegExp) => {
  await deliverDueEmail(jobsEnv());
  return (await standin.deliveries()).filter((d) => inbox.test(d.to[0]!) && /Confirm your email/.test(d.subject));
};

/** A signed Resend webhook (through Svix), as the provider sends it. */
async function webhook(type: string, to: string, providerId: string) {
  const body = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: providerId, to: [to], created_at: new Date().toISOString(), subject: "Hi" } });
  const id = `msg_${crypto.randomUUID().slice(0, 12)}`;
  const timestamp = Math.floor(Date.now() / 1000);
  return app.fetch(
    new Request("http://127.0.0.1:8788/api/email/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "svix-id": id, "svix-timestamp": String(timestamp), "svix-signature": await svixSignature(WEBHOOK_SECRET, id, timestamp, body) },
      body,
    }),
  );
}

describe("list bombing one inbox", () => {
  it("20 plus-address variants from 10 IPv6 /64s: one confirmation reaches the inbox, the rest are told and nothing is stored", async () => {
    const answers = [];
    for (let n = 0; n < 20; n++) answers.push(await signUp({ email: `victim+${n}@gmail.com` }, `2001:db8:${n % 10}:1::${n + 1}`));
    expect(answers.map((a) => a.status)).toEqual([200, ...Array(19).fill(429)]);
    expect(await answers[1]!.json()).toMatchObject(refusal("email", INBOX_BUSY_MESSAGE));
    expect(await stored()).toEqual(["victim+0@gmail.com"]);
    expect((await confirmationsTo(/victim/)).length).toBeLessThanOrEqual(3);
    expect(await confirmationsTo(/victim/)).toHaveLength(1);
  });

  it("five Gmail dot spellings from one IPv4 address send one confirmation; the address is stored as typed", async () => {
    const spellings = ["Jane.Doe@gmail.com", "janedoe@gmail.com", "j.a.n.e.doe@gmail.com", "jane.d.o.e@googlemail.com", "JANEDOE+x@gmail.com"];
    const statuses = [];
    for (const email of spellings) statuses.push((await signUp({ email }, "198.51.100.40")).status);
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    expect(await stored()).toEqual(["jane.doe@gmail.com"]);
    expect(await confirmationsTo(/doe/)).toHaveLength(1);
  });

  it("refuses display-name forms with the spec's invalid-email message, and sends nothing", async () => {
    for (const email of ["x<victim@example.com>", "y<victim@mailinator.com>", "Victim <victim@example.com>"]) {
      const answer = await signUp({ email }, "198.51.100.41");
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject(refusal("email", VALIDATION_MESSAGES.invalidEmail));
    }
    expect(await stored()).toEqual([]);
    expect(await confirmationsTo(/./)).toEqual([]);
  });
});

describe("suppression holds against anonymous sign-ups", () => {
  /** Someone on the list since yesterday, whose last message the provider delivered as `providerId`. */
  async function seedMailed(email: string, status: "confirmed" | "pending", providerId: string) {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const row = await app.db
      .prepare(
        `INSERT INTO waitlist (email, status, created_at, confirmation_sent_at, line_seq, referral_code)
         VALUES (?1, ?2, ?3, ?3, CASE WHEN ?2 = 'confirmed' THEN 1 END, ?4) RETURNING id`,
      )
      .bind(email, status, yesterday, providerId.padEnd(10, "0"))
      .first<{ id: number }>();
    await app.db
      .prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id, status, provider_id, sent_at) VALUES (?1, 'welcome', ?2, ?3, 'sent', ?4, ?5)")
      .bind(`welcome:${providerId}`, email, row!.id, providerId, yesterday)
      .run();
  }

  it("complaint then sign-up: no mail, whoever asks and however the address is spelt", async () => {
    await seedMailed("angry@example.com", "confirmed", "re_angry");
    expect((await webhook("email.complained", "angry@example.com", "re_angry")).status).toBe(200);
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, "angry@example.com")).toBe(true);

    const again = await signUp({ email: "Angry@Example.com" }, "198.51.100.51");
    expect(again.status).toBe(200);
    expect(await confirmationsTo(/angry/i)).toEqual([]);
    expect((await app.db.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'confirm'").first<{ n: number }>())!.n).toBe(0);
  });

  it("a bounced address is not mailed again by a sign-up", async () => {
    await seedMailed("gone@example.com", "pending", "re_gone");
    expect((await webhook("email.bounced", "gone@example.com", "re_gone")).status).toBe(200);
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, "gone@example.com")).toBe(true);
    await signUp({ email: "gone@example.com" }, "198.51.100.53");
    expect(await confirmationsTo(/gone/)).toEqual([]);
  });

  it("an unsubscribed address may ask to come back once, by double opt-in", async () => {
    const secret = vars.SUPPRESSION_HASH_SECRET!;
    const entry = (email: string): NewWaitlistEntry => ({
      email,
      firstName: null,
      lastName: null,
      source: "main_waitlist_section",
      intent: "beta_testing",
      metadata: { user_agent: "test", referrer: "direct", timestamp: "", utm_source: "none", utm_medium: "none", utm_campaign: "none", platform: "ios", action: "join_beta" },
      consent: { form: "waitlist", page: "/waitlist", wording: "waitlist-2026-11" },
      preferences: { updates: true, invitations: true, android: false, macos: false, chromeExtension: false },
      referredByCode: null,
      language: "en",
    });
    await app.db.batch([await suppress(app.db, secret, "leaver@example.com", "unsubscribed")]);
    const options = { doubleOptIn: true, suppressionSecret: secret };
    const start = Date.now();
    expect(await addToWaitlist(app.db, entry("leaver@example.com"), { ...options, now: start })).toEqual({ kind: "added", pendingConfirmation: true, confirmationQueued: true });
    // Asked again a day later (past every resend window): nothing more.
    expect(await addToWaitlist(app.db, entry("leaver@example.com"), { ...options, now: start + 86_400_000 })).toEqual({ kind: "already", resent: false });
    expect(await confirmationsTo(/leaver/)).toHaveLength(1);
  });
});

describe("names", () => {
  it("a URL as a name is refused with a clear message, and nothing is stored or sent", async () => {
    const answer = await signUp({ email: "someone@example.com", name: "https://evil.example/verify-your-account" }, "198.51.100.60");
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject(refusal("name", "Please enter just your name, without links or web addresses"));
    const invisible = await signUp({ email: "someone@example.com", name: "Ada\u202Eevil" }, "198.51.100.60");
    expect(await invisible.json()).toMatchObject(refusal("name", "Please remove the invisible or control characters from your name"));
    const braille = await signUp({ email: "someone@example.com", name: "\u2800" }, "198.51.100.60");
    expect(braille.status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("the confirmation to a not yet confirmed address does not repeat the name typed with it", async () => {
    await signUp({ email: "named@example.com", name: "Mallory Example" }, "198.51.100.61");
    const [confirmation] = await confirmationsTo(/named/);
    expect(confirmation!.html).not.toContain("Mallory");
    expect(confirmation!.text).not.toContain("Mallory");
  });
});

describe("limits that fit people", () => {
  it("30 people behind one IPv4 address sign up within 10 minutes: all 30 are stored", async () => {
    for (let n = 0; n < 30; n++) expect((await signUp({ email: `colleague${n}@office.example` }, "192.0.2.99")).status).toBe(200);
    expect(await stored()).toHaveLength(30);
  });

  it("one IPv6 /48 is limited as a whole, as well as each /64", async () => {
    const perClient = Number(app.env.WAITLIST_RATE_LIMIT_MAX ?? 60);
    let accepted = 0;
    let refused: Response | undefined;
    // Fresh /64s of one /48, each staying under its own limit.
    for (let n = 0; !refused && n < perClient * 8; n++) {
      const answer = await signUp({ email: `site${n}@campus.example` }, `2001:db8:48:${Math.floor(n / (perClient - 1)).toString(16)}::${(n % 1000) + 1}`);
      if (answer.status === 200) accepted++;
      else refused = answer;
    }
    expect(accepted).toBe(perClient * 4);
    expect(await refused!.json()).toMatchObject({ message: RATE_LIMIT_MESSAGE });
    // Another /48 is not affected.
    expect((await signUp({ email: "elsewhere@campus.example" }, "2001:db8:49::1")).status).toBe(200);
  });

  it("a sign-up that could not be stored, or sent nothing, does not use up its inbox's confirmation", async () => {
    const down = app.withEnv({ DB: d1FailingFor(app.db, /INSERT INTO waitlist/) });
    const failed = await down(formPost(SIGN_UP_ACTION, { submissionTime: earlier(), email: "unlucky@example.com" }, "198.51.100.80"));
    expect(failed.status).toBe(503);
    // Tried again at once, once storage is back: stored and sent.
    expect((await signUp({ email: "unlucky@example.com" }, "198.51.100.80")).status).toBe(200);
    expect(await confirmationsTo(/unlucky/)).toHaveLength(1);
    // A confirmed person's sign-up again sends nothing, and leaves the inbox's share alone.
    await app.db.prepare("UPDATE waitlist SET status = 'confirmed', line_seq = 1 WHERE email = 'unlucky@example.com'").run();
    expect((await signUp({ email: "unlucky@example.com" }, "198.51.100.81")).status).toBe(409);
    await app.db.prepare("DELETE FROM waitlist").run();
    expect((await signUp({ email: "Unlucky@example.com" }, "198.51.100.82")).status).toBe(429);
  });

  it("a pending address signed up again within its window is not sent another link", async () => {
    await signUp({ email: "twice@example.com" }, "198.51.100.70");
    const again = await signUp({ email: "twice@example.com" }, "198.51.100.71");
    expect(again.status).toBe(409);
    expect(CONFIRMATION_RESEND_MS).toBe(600_000);
    expect(await confirmationsTo(/twice/)).toHaveLength(1);
  });
});
