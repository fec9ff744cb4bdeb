/**
 * Signing up while email is on (issue 16): the entry is pending with its proof of consent, and its
 * confirmation message is queued in the same batch and delivered to the provider (the Resend stand-in
 * on 127.0.0.1) by the sender the companion Worker runs. Signing up again answers "already" and resends
 * at most once per 10 minutes; while email is off, sign-ups are single opt-in as before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { CONFIRMATIONS_PER_CLIENT_PER_DAY } from "~/features/waitlist/waitlist-action.server";
import { CONFIRMATION_RESEND_MS } from "~/features/waitlist/waitlist.server";
import type { JobsEnv } from "~/lib/env.server";
import { RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES, WAITLIST_SIGNED_UP_TEXT } from "~/lib/messages";
import { emailVariables, SITE_URL } from "../support/email-variables";
import { createTestApp, formPost, type TestApp, SIGN_UP_ACTION, refusal } from "../support/app";
import { freezeClock } from "../support/clock";
import { shownMarkup } from "../support/waitlist-entries";
import { startResendStandin, type ResendStandin } from "../support/standins";

let standin: ResendStandin;
let app: TestApp;
const later = () => String(Date.now() - 5_000);

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  // A high per-client limit: these tests are about the per-address and per-day rules.
  app = await createTestApp({ ...emailVariables(standin), WAITLIST_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
afterEach(async () => {
  await app.settle();
  await app.db.batch(["email_outbox", "waitlist", "rate_limits", "dev_mailbox"].map((t) => app.db.prepare(`DELETE FROM ${t}`)));
  await standin.reset();
});

const jobsEnv = () => ({ ...app.env, DB: app.db }) as unknown as JobsEnv;
const signUp = (fields: Record<string, string>, ip?: string, headers: Record<string, string> = {}) =>
  app.fetch(formPost(SIGN_UP_ACTION, { submissionTime: later(), ...fields }, ip, { Referer: "http://127.0.0.1:8788/home", ...headers }));
const entry = (email: string) => app.db.prepare("SELECT * FROM waitlist WHERE email = ?").bind(email).first<Record<string, unknown>>();
type FormAnswer = { message?: string; reply?: { error?: Record<string, string[]> } };
/** Whether the answer says a new confirmation link went out (the email field's second line). */
const saysResent = (answer: FormAnswer) => answer.reply?.error?.email?.includes(WAITLIST_SIGNED_UP_TEXT.confirmationResent) ?? false;
const outbox = () => app.db.prepare("SELECT kind, recipient, status, payload, waitlist_id FROM email_outbox ORDER BY id").all<Record<string, unknown>>().then((r) => r.results);

describe("a sign-up while email is on", () => {
  it("is stored pending with its proof of consent, and answers the welcome screen with a confirmation pending", async () => {
    const response = await signUp({ email: "Ada@Example.com", name: "Ada Lovelace" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "success", firstName: "Ada", email: "Ada@Example.com", pendingConfirmation: true });
    const row = await entry("ada@example.com");
    expect(row).toMatchObject({
      status: "pending",
      confirmed_at: null,
      line_seq: null,
      consent_form: "waitlist",
      consent_page: "/home",
      consent_wording: "waitlist-2026-11",
      wants_invitations: 1,
      wants_updates: 1,
      referral_count: 0,
    });
    expect(row?.consent_at).toBe(row?.created_at);
    expect(row?.confirmation_sent_at).toBe(row?.created_at);
    expect(row?.referral_code).toMatch(/^[a-z2-9]{10}$/);
    expect(await outbox()).toEqual([
      { kind: "confirm", recipient: "ada@example.com", status: "queued", payload: JSON.stringify({ consentRequest: true, form: "waitlist" }), waitlist_id: row?.id },
    ]);
  });

  it("takes a form sent 200 ms after it was rendered like any other: pending, its confirmation queued (the real proof)", async () => {
    const now = freezeClock(); // the form is exactly 200 ms old however slow the request is
    const response = await signUp({ email: "quick@example.com", submissionTime: String(now - 200) });
    expect(await response.json()).toEqual({ state: "success", firstName: null, email: "quick@example.com", pendingConfirmation: true });
    expect(await entry("quick@example.com")).toMatchObject({ status: "pending" });
    expect((await outbox()).map((r) => [r.kind, r.recipient])).toEqual([["confirm", "quick@example.com"]]);
  });

  it("reaches the provider as a confirmation whose link starts with SITE_URL, never the request's host", async () => {
    await signUp({ email: "grace@example.com", name: "Grace" }, undefined, { Host: "evil.example" });
    const report = await deliverDueEmail(jobsEnv());
    expect(report.sent).toBe(1);
    const [message] = await standin.deliveries();
    expect(message?.to).toEqual(["grace@example.com"]);
    expect(message?.subject).toMatch(/Confirm your email/);
    const links = [...(message?.html ?? "").matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(links.some((href) => href.startsWith(`${SITE_URL}/waitlist/confirm?token=`))).toBe(true);
    expect(links.every((href) => href.startsWith(SITE_URL) || href.startsWith("mailto:"))).toBe(true);
    expect(message?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("records the notify-me form, its wording and the platform asked for", async () => {
    await signUp({ email: "mac@example.com", name: "Mac User", source: "notification_modal", intent: "waitlist", platform: "macos" });
    expect(await entry("mac@example.com")).toMatchObject({
      status: "pending",
      consent_form: "notify",
      consent_wording: "notify-platform-2026-11",
      wants_invitations: 0,
      wants_updates: 0,
      wants_macos: 1,
      wants_android: 0,
      wants_chrome_extension: 0,
    });
    expect((await outbox())[0]?.payload).toBe(JSON.stringify({ consentRequest: true, form: "notify" }));
  });

  it("keeps the referrer of a valid referral code (credited only on confirmation), and ignores an unknown or malformed one", async () => {
    await signUp({ email: "referrer@example.com" });
    const referrer = await entry("referrer@example.com");
    await signUp({ email: "friend@example.com", ref: String(referrer?.referral_code) });
    await signUp({ email: "stranger@example.com", ref: "zzzzzzzzzz" });
    await signUp({ email: "hostile@example.com", ref: "' OR 1=1 --" });
    expect(await entry("friend@example.com")).toMatchObject({ referred_by: referrer?.id });
    expect(await entry("referrer@example.com")).toMatchObject({ referral_count: 0 });
    expect(await entry("stranger@example.com")).toMatchObject({ referred_by: null, status: "pending" });
    expect(await entry("hostile@example.com")).toMatchObject({ referred_by: null, status: "pending" });
  });
});

describe("signing up again", () => {
  it("answers the spec's duplicate message for a pending entry, and does not resend within 10 minutes", async () => {
    await signUp({ email: "again@example.com" });
    const second = await signUp({ email: "AGAIN@example.com" });
    expect(second.status).toBe(409);
    const answer = (await second.json()) as FormAnswer;
    expect(answer).toMatchObject(refusal("email", WAITLIST_FORM_MESSAGES.duplicate));
    // Nothing was sent, so the answer does not say a link went out again.
    expect(saysResent(answer)).toBe(false);
    expect(await outbox()).toHaveLength(1);
  });

  it("resends a pending entry's confirmation once its last one is 10 minutes old, once however many sign-ups race", async () => {
    // Signed up 10 minutes ago (before this inbox's limit window too).
    const old = new Date(Date.now() - CONFIRMATION_RESEND_MS - 1_000).toISOString();
    await app.db
      .prepare("INSERT INTO waitlist (email, status, created_at, confirmation_sent_at, referral_code) VALUES (?1, 'pending', ?2, ?2, 'slowslow01')")
      .bind("slow@example.com", old)
      .run();
    const answers = await Promise.all(Array.from({ length: 10 }, () => signUp({ email: "slow@example.com" })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(409));
    // Each answer has the spec's message; the one whose sign-up queued the link also says it was sent again.
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<FormAnswer>));
    expect(bodies.every((body) => body.message === WAITLIST_FORM_MESSAGES.duplicate)).toBe(true);
    expect(bodies.filter(saysResent)).toHaveLength(1);
    const rows = await outbox();
    expect(rows.map((r) => r.kind)).toEqual(["confirm"]);
    expect(Date.parse(String((await entry("slow@example.com"))?.confirmation_sent_at))).toBeGreaterThan(Date.parse(old));
  });

  it("answers the duplicate message for a confirmed entry and sends nothing", async () => {
    await signUp({ email: "done@example.com" });
    await app.db.prepare("UPDATE waitlist SET status = 'confirmed', confirmation_sent_at = NULL WHERE email = ?").bind("done@example.com").run();
    const again = await signUp({ email: "done@example.com" });
    expect(again.status).toBe(409);
    expect(saysResent(await again.json())).toBe(false);
    expect(await outbox()).toHaveLength(1);
  });

  it("says so without JavaScript too: the page shows the spec's message, and beside it that the link went out again only when it did", async () => {
    const page = (email: string) => app.fetch(formPost("/waitlist", { email, submissionTime: later() })).then((r) => r.text());
    // Its link went out a moment ago: nothing is sent again, and nothing says it was.
    await signUp({ email: "page-new@example.com" });
    const notDue = await page("page-new@example.com");
    expect(notDue).toContain(WAITLIST_FORM_MESSAGES.duplicate);
    expect(shownMarkup(notDue)).not.toContain(WAITLIST_SIGNED_UP_TEXT.confirmationResent);

    // Signed up 10 minutes ago (before this inbox's limit window too): a new link goes out, and the page says so.
    const old = new Date(Date.now() - CONFIRMATION_RESEND_MS - 1_000).toISOString();
    await app.db
      .prepare("INSERT INTO waitlist (email, status, created_at, confirmation_sent_at, referral_code) VALUES (?1, 'pending', ?2, ?2, 'pageold001')")
      .bind("page-old@example.com", old)
      .run();
    const due = await page("page-old@example.com");
    expect(due).toContain(WAITLIST_FORM_MESSAGES.duplicate);
    expect(due).toContain(WAITLIST_SIGNED_UP_TEXT.confirmationResent);
    expect((await outbox()).map((r) => [r.kind, r.recipient])).toEqual([
      ["confirm", "page-new@example.com"],
      ["confirm", "page-old@example.com"],
    ]);
  });

  it("sends an unsubscribed person a new confirmation (their new consent), which waits for it to count", async () => {
    const old = new Date(Date.now() - CONFIRMATION_RESEND_MS - 1_000).toISOString();
    await app.db
      .prepare(
        `INSERT INTO waitlist (email, status, created_at, consent_at, consent_form, consent_page, consent_wording, referral_code)
         VALUES (?1, 'unsubscribed', ?2, ?2, 'waitlist', '/old', 'waitlist-2026-11', 'backback01')`,
      )
      .bind("back@example.com", old)
      .run();
    const again = await signUp({ email: "back@example.com", source: "notification_modal", name: "Back", intent: "waitlist", platform: "android" });
    expect(await again.json()).toEqual({ state: "success", firstName: "Back", email: "back@example.com", pendingConfirmation: true });
    // The proof of consent stays the confirmed one until this request is confirmed.
    expect(await entry("back@example.com")).toMatchObject({
      status: "unsubscribed",
      consent_form: "waitlist",
      consent_page: "/old",
      pending_consent_form: "notify",
      pending_consent_page: "/home",
    });
    expect((await outbox()).map((r) => r.kind)).toEqual(["confirm"]);
    // Delivered, though the entry is still unsubscribed: it asks for new consent.
    await deliverDueEmail(jobsEnv());
    expect((await standin.deliveries()).map((d) => [d.to[0], d.subject])).toEqual([["back@example.com", expect.stringMatching(/Confirm your email/)]]);
  });
});

describe("limits on confirmation sends", () => {
  it(`lets one client cause at most ${CONFIRMATIONS_PER_CLIENT_PER_DAY} a day, with the rate-limit message`, async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < CONFIRMATIONS_PER_CLIENT_PER_DAY; i++) expect((await signUp({ email: `bomb${i}@example.com` }, ip)).status).toBe(200);
    const refused = await signUp({ email: "one-more@example.com" }, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await entry("one-more@example.com")).toBeNull();
    // Another client is not affected.
    expect((await signUp({ email: "other-client@example.com" }, "198.51.100.78")).status).toBe(200);
  });
});

describe("a sign-up while email is off (production without EMAIL_API_KEY)", () => {
  it("is single opt-in: confirmed at once, next in line, nothing queued, and the answer is the spec's welcome", async () => {
    const off = app.withEnv({ APP_ENV: "test", EMAIL_API_KEY: undefined } as never);
    const first = await off(formPost(SIGN_UP_ACTION, { email: "solo1@example.com", submissionTime: later() }));
    await off(formPost(SIGN_UP_ACTION, { email: "solo2@example.com", submissionTime: later() }));
    expect(await first.json()).toEqual({ state: "success", firstName: null, email: "solo1@example.com" });
    expect(await entry("solo1@example.com")).toMatchObject({ status: "confirmed", confirmed_at: null, line_seq: 1 });
    expect(await entry("solo2@example.com")).toMatchObject({ status: "confirmed", line_seq: 2 });
    expect(await outbox()).toEqual([]);
  });
});
