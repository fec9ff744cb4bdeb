/**
 * Notify-me is its own list (issue 30, ADR 0048), through the real pipeline and Remix build on a real
 * D1 in workerd, with email on (Resend, pointed at the stand-in on 127.0.0.1) and the real sender. A
 * notify-me request ("one email when the Android app ships") is for its platform only: no place in the
 * beta line, news and updates only if the person ticked that choice, pages and emails that speak of the
 * platform, and the admin's counts apart from beta sign-ups. One address may be on both lists. The
 * migration takes existing notify-only entries out of the line.
 */
import { applyD1Migrations } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { audienceCounts, audienceSize, nextInLine } from "~/features/outreach/campaigns.server";
import { readPlaceInLine } from "~/features/waitlist/place-in-line.server";
import { UPDATES_CHOICE_FIELD } from "~/features/waitlist/sign-up-request";
import { WAITLIST_FORM_MESSAGES } from "~/lib/messages";
import { englishT } from "../support/english";
import { decodeHtml, openAdminApp, pageGet } from "../support/admin";
import { createEmptyD1, formPost, runner, type TestApp, SIGN_UP_ACTION } from "../support/app";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { startResendStandin, type ResendStandin } from "../support/standins";
import { entryLinks, pageText, seedConfirmedLine, seedEntry, shownMarkup, tokenIn } from "../support/waitlist-entries";

let app: TestApp;
let cookie: string;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = emailVariables(standin);
  // A high per-client limit: these tests are about what each request stores, not about limits.
  ({ app, cookie } = await openAdminApp({ ...vars, WAITLIST_RATE_LIMIT_MAX: "1000" }));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.settle();
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions", "rate_limits"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));
  await standin.reset();
});

// ---- helpers -------------------------------------------------------------------------------------

const BOOST = 5;
type Row = Record<string, string | number | null>;
const { linkPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });

/** A form sent from /home (the Referer is the page of the proof of consent). */
const signUp = (fields: Record<string, string>) =>
  app.fetch(formPost(SIGN_UP_ACTION, { submissionTime: String(Date.now() - 5_000), ...fields }, "203.0.113.10", { Referer: "http://127.0.0.1:8788/home" }));
/** The waitlist section's form: a beta sign-up. */
const joinBeta = (email: string) => signUp({ email });
/** The notify modal opened from a platform's Notify Me (intent waitlist). */
const notifyMe = (email: string, platform: string, fields: Record<string, string> = {}) =>
  signUp({ email, name: "Nia Notify", source: "notification_modal", intent: "waitlist", platform, ...fields });

const entry = (email: string) => app.db.prepare("SELECT * FROM waitlist WHERE email = ?1").bind(email).first<Row>();
const outbox = async () => (await app.db.prepare("SELECT kind, recipient, payload FROM email_outbox ORDER BY id").all<Row>()).results;

/** A POST from one of the private pages' own forms. */
const pagePost = (path: string, fields: Record<string, string> = {}) => app.fetch(formPost(path, { token: tokenIn(path), ...fields }));

/** Confirms entry `id` through its confirmation link (the Confirm button); answers the status page it lands on. */
async function confirm(id: number): Promise<string> {
  const response = await pagePost(await linkPath("confirm", id));
  expect(response.status).toBe(302);
  return pageText(await app.fetch(response.headers.get("Location")!));
}

const statusPage = async (id: number) => pageText(await app.fetch(await linkPath("status", id)));

async function deliver() {
  await deliverDueEmail({ DB: app.db, ...vars }, { deadlineMs: 10_000 });
  await standin.whenIdle();
}

/** The path of the first link to `path` in an email's HTML. */
function linkIn(html: string, path: string): string {
  const match = new RegExp(`href="(${SITE_URL.replace(/\./g, "\\.")}${path}\\?[^"]+)"`).exec(html);
  if (!match) throw new Error(`no ${path} link in the message`);
  const url = new URL(match[1]!.replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
}

/** The place in line of the entry with this address, as its status page computes it. */
const placeOf = async (email: string) => readPlaceInLine(app.db, Number((await entry(email))!.id), BOOST);

// ---- a notify-me request -------------------------------------------------------------------------

describe("a notify-me request", () => {
  it("stores its platform only: no beta invitations, and news and updates only when the person ticked them", async () => {
    expect((await notifyMe("android@example.com", "android")).status).toBe(200);
    expect((await notifyMe("mac@example.com", "macos", { [UPDATES_CHOICE_FIELD]: "yes" })).status).toBe(200);
    expect(await entry("android@example.com")).toMatchObject({
      intent: "waitlist",
      status: "pending",
      line_seq: null,
      wants_android: 1,
      wants_macos: 0,
      wants_invitations: 0,
      wants_updates: 0,
      consent_form: "notify",
      consent_wording: "notify-platform-2026-11",
    });
    expect(await entry("mac@example.com")).toMatchObject({ wants_macos: 1, wants_android: 0, wants_invitations: 0, wants_updates: 1 });

    // "Get Notified of Updates" (iOS) asks for the updates themselves; the beta-program button is a beta sign-up.
    await notifyMe("ios@example.com", "ios");
    await signUp({ email: "beta-modal@example.com", name: "Bea", source: "notification_modal", intent: "beta_testing", platform: "ios" });
    expect(await entry("ios@example.com")).toMatchObject({ intent: "waitlist", wants_updates: 1, wants_invitations: 0, wants_android: 0, consent_wording: "notify-2026-11" });
    expect(await entry("beta-modal@example.com")).toMatchObject({ intent: "beta_testing", wants_updates: 1, wants_invitations: 1, consent_wording: "notify-2026-11" });
  });

  it("gets no place in the beta line when confirmed: the testers' places and total stay, and its pages and emails speak of the platform", async () => {
    const testers = await seedConfirmedLine(app.db, 5);
    await notifyMe("nia@example.com", "android");
    const nia = await entry("nia@example.com");

    // The confirmation email and page name the platform, not the beta.
    await deliver();
    const [confirmation] = await standin.deliveries();
    expect(confirmation?.text).toContain("asked to hear from LinkVault when the Android app is ready");
    expect(confirmation?.text).not.toMatch(/beta|join the LinkVault waitlist/i);
    const confirmPage = await pageText(await app.fetch(linkIn(confirmation!.html!, "/waitlist/confirm")));
    expect(confirmPage).toContain("One click and we'll email you when the Android app is ready.");
    expect(confirmPage).toContain("We'll only email you about the Android app");
    expect(shownMarkup(confirmPage)).not.toMatch(/beta waitlist|place in line/);

    const status = await confirm(Number(nia!.id));
    expect(await entry("nia@example.com")).toMatchObject({ status: "confirmed", line_seq: null, intent: "waitlist" });
    expect(await placeOf("nia@example.com")).toBeNull();
    expect(await readPlaceInLine(app.db, testers[4]!, BOOST)).toEqual({ place: 5, total: 5 });
    expect(await statusPage(testers[4]!)).toContain("of 5 confirmed testers");

    // Its status page: the platform, no place, no referral link, no beta invitations to turn on; the way into the beta.
    expect(status).toContain("We'll email you when the Android app is ready");
    expect(status).toContain(englishT("status.entry.justConfirmedNotify"));
    expect(shownMarkup(status)).not.toContain(englishT("status.entry.justConfirmed"));
    expect(shownMarkup(status)).not.toMatch(/in line|data-testid="place-in-line"|Your referral link|name="wants_invitations"/);
    expect(status).toMatch(/<input id="wants_android"[^>]*\bchecked/);
    expect(status).toMatch(/<input id="wants_updates"(?![^>]*\bchecked)[^>]*>/);
    expect(status).toContain('href="/waitlist">Join the beta waitlist</a>');

    // The welcome carries no place, and speaks of the platform.
    expect((await outbox()).at(-1)).toMatchObject({ kind: "welcome", payload: "{}" });
    await standin.reset();
    await deliver();
    const [welcome] = await standin.deliveries();
    expect(welcome?.subject).toBe("You'll hear from LinkVault when the Android app is ready");
    expect(welcome?.text).toContain("Your email is confirmed: we'll email you when the Android app is ready.");
    expect(welcome?.text).not.toMatch(/#\d|referral|beta|place in line/i);
  });

  it("once unsubscribed, its status page speaks of the platform, not of a place in line", async () => {
    const id = await seedEntry(app.db, { intent: "waitlist", wantsAndroid: true, status: "unsubscribed", unsubscribedAt: "2026-02-03T00:00:00.000Z" });
    const page = await statusPage(id);
    expect(page).toContain("You won't hear from us about the Android app.");
    expect(shownMarkup(page)).not.toMatch(/beta invitations any more|place in the order|place in line/);
  });

  it("is left out of every beta audience, and of 'everyone who wants updates' unless the person chose it", async () => {
    const testers = await seedConfirmedLine(app.db, 2);
    await notifyMe("android@example.com", "android");
    await notifyMe("mac@example.com", "macos", { [UPDATES_CHOICE_FIELD]: "yes" });
    for (const email of ["android@example.com", "mac@example.com"]) await confirm(Number((await entry(email))!.id));
    // Even with beta invitations turned on (an old entry, or a hand-made status page post), a notify-me entry is no tester.
    await app.db.prepare("UPDATE waitlist SET wants_invitations = 1 WHERE email = 'android@example.com'").run();
    const notifyIds = [Number((await entry("android@example.com"))!.id), Number((await entry("mac@example.com"))!.id)];

    expect(await audienceCounts(app.db)).toMatchObject({
      segments: { beta_testers: 2, android: 1, macos: 1, chrome_extension: 0, updates: 3 },
      invitable: 2,
      invited: 0,
    });
    expect((await nextInLine(app.db, 10)).map((row) => row.id)).toEqual(testers);
    expect(await audienceSize(app.db, "invitation", { next: 10 })).toBe(2);
    expect(await audienceSize(app.db, "invitation", { ids: [...testers, ...notifyIds] })).toBe(2);
  });
});

// ---- one address on both lists -------------------------------------------------------------------

describe("one address on both lists", () => {
  it("a beta tester who asks about Android gets that one email added: no new place, nothing to confirm, news left as they set it", async () => {
    const [, , tester] = await seedConfirmedLine(app.db, 3);
    const { email } = (await app.db.prepare("SELECT email FROM waitlist WHERE id = ?1").bind(tester).first<{ email: string }>())!;
    await app.db.prepare("UPDATE waitlist SET wants_updates = 0 WHERE id = ?1").bind(tester).run();

    const answer = await notifyMe(email, "android", { [UPDATES_CHOICE_FIELD]: "yes" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ state: "success", firstName: "Nia", email });
    expect(await entry(email)).toMatchObject({ intent: "beta_testing", line_seq: 3, wants_android: 1, wants_updates: 0, wants_invitations: 1 });
    expect(await placeOf(email)).toEqual({ place: 3, total: 3 });
    expect(await outbox()).toEqual([]);
  });

  it("a confirmed notify-me person who joins the beta gets a place once they confirm it, and keeps their platform", async () => {
    await seedConfirmedLine(app.db, 5);
    await notifyMe("nia@example.com", "android");
    const id = Number((await entry("nia@example.com"))!.id);
    await confirm(id);
    await app.db.prepare("DELETE FROM email_outbox").run();
    // Within 10 minutes of its last confirmation the inbox gets no other (ADR 0044): nothing is asked for.
    const tooSoon = await joinBeta("nia@example.com");
    expect(tooSoon.status).toBe(429);
    expect(await entry("nia@example.com")).toMatchObject({ intent: "waitlist", beta_join_requested_at: null });
    expect(await outbox()).toEqual([]);
    await app.db.prepare("DELETE FROM rate_limits").run(); // ten minutes later

    const answer = await joinBeta("nia@example.com");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ state: "success", firstName: null, email: "nia@example.com", pendingConfirmation: true });
    // Nothing changes before the confirmation: still no place, and the status page says what to do.
    expect(await entry("nia@example.com")).toMatchObject({ intent: "waitlist", line_seq: null, wants_invitations: 0 });
    expect(await placeOf("nia@example.com")).toBeNull();
    expect(await statusPage(id)).toContain("To join the beta, open the link we emailed you and press Confirm.");
    // Asking again at once sends nothing more.
    await joinBeta("nia@example.com");
    expect((await outbox()).map((row) => row.kind)).toEqual(["confirm"]);

    await deliver();
    const [message] = await standin.deliveries();
    expect(message?.to).toEqual(["nia@example.com"]);
    expect(message?.text).toContain("asked to join the LinkVault beta waitlist");
    const link = linkIn(message!.html!, "/waitlist/confirm");
    expect(await pageText(await app.fetch(link))).toContain("One click and you're on the LinkVault beta waitlist, with a place in line");

    const response = await pagePost(link);
    expect(response.status).toBe(302);
    expect(await entry("nia@example.com")).toMatchObject({
      intent: "beta_testing",
      line_seq: 6,
      wants_invitations: 1,
      wants_android: 1,
      beta_join_requested_at: null,
      pending_consent_at: null,
      consent_form: "waitlist",
      consent_page: "/home",
      consent_wording: "waitlist-2026-11",
    });
    expect(await placeOf("nia@example.com")).toEqual({ place: 6, total: 6 });
    const status = await pageText(await app.fetch(response.headers.get("Location")!));
    expect(status).toContain("You're #6 in line");
    expect(status).toContain("of 6 confirmed testers");
    expect((await outbox()).at(-1)).toMatchObject({ kind: "welcome", payload: JSON.stringify({ place: 6, total: 6 }) });

    // The same link again: already confirmed, and still one place.
    const again = await pagePost(link);
    expect(decodeHtml(await again.text())).toContain("See my place in line");
    expect(await placeOf("nia@example.com")).toEqual({ place: 6, total: 6 });
  });

  it("a pending entry takes the other list's request too, and its confirmation gives both", async () => {
    await notifyMe("first-notify@example.com", "android");
    const again = await joinBeta("first-notify@example.com");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: WAITLIST_FORM_MESSAGES.duplicate });
    await joinBeta("first-beta@example.com");
    await notifyMe("first-beta@example.com", "macos");

    for (const email of ["first-notify@example.com", "first-beta@example.com"]) await confirm(Number((await entry(email))!.id));
    expect(await entry("first-notify@example.com")).toMatchObject({ intent: "beta_testing", line_seq: 1, wants_invitations: 1, wants_android: 1, wants_updates: 1 });
    expect(await entry("first-beta@example.com")).toMatchObject({ intent: "beta_testing", line_seq: 2, wants_invitations: 1, wants_macos: 1 });
  });

  it("while email is off (single opt-in), a notify-me request takes no place and joining the beta later takes one at once", async () => {
    const off = app.withEnv({ APP_ENV: "test", EMAIL_API_KEY: undefined } as never);
    const send = (fields: Record<string, string>) => off(formPost(SIGN_UP_ACTION, { submissionTime: String(Date.now() - 5_000), ...fields }));
    await send({ email: "early@example.com" });
    await send({ email: "solo@example.com", name: "Solo", source: "notification_modal", intent: "waitlist", platform: "chrome_extension" });
    expect(await entry("solo@example.com")).toMatchObject({ status: "confirmed", line_seq: null, wants_chrome_extension: 1 });

    const joined = await send({ email: "solo@example.com" });
    expect(await joined.json()).toEqual({ state: "success", firstName: null, email: "solo@example.com" });
    expect(await entry("solo@example.com")).toMatchObject({ intent: "beta_testing", line_seq: 2, wants_invitations: 1, wants_chrome_extension: 1 });
    expect(await placeOf("solo@example.com")).toEqual({ place: 2, total: 2 });
  });
});

// ---- the admin's counts --------------------------------------------------------------------------

describe("the admin's counts", () => {
  const testId = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>(.*?)</dd>`, "s").exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? null;

  it("the dashboard counts notify-me requests apart from beta sign-ups; its confirmed testers are the line's", async () => {
    await seedConfirmedLine(app.db, 4);
    await seedEntry(app.db, { status: "confirmed", lineSeq: 5, wantsAndroid: true, email: "tester-android@example.com" });
    await seedEntry(app.db, { email: "pending-beta@example.com" });
    await notifyMe("android@example.com", "android");
    await confirm(Number((await entry("android@example.com"))!.id));
    await notifyMe("chrome@example.com", "chrome_extension");

    const html = decodeHtml((await (await app.fetch(pageGet("/admin/dashboard", cookie))).text()).replace(/<!-- -->/g, ""));
    expect(testId(html, "stat-signups")).toBe("6");
    expect(testId(html, "stat-statuses")).toBe("5 confirmed · 1 pending · 0 unsubscribed");
    expect(html).toContain('href="/admin/beta-testers?intent=beta_testing&status=confirmed"');
    expect(testId(html, "stat-notify-me")).toBe("3");
    expect(testId(html, "stat-notify-platforms")).toBe("Android 2 · macOS 0 · Chrome extension 1");
    expect(await readPlaceInLine(app.db, Number((await entry("tester-android@example.com"))!.id), BOOST)).toEqual({ place: 5, total: 5 });
  });

  it("the beta testers export says who is a beta tester, and what each asked to hear about", async () => {
    await seedConfirmedLine(app.db, 1);
    await notifyMe("nia@example.com", "all_platforms");
    await confirm(Number((await entry("nia@example.com"))!.id));
    const csv = await (await app.fetch(pageGet("/admin/beta-testers.csv?sort=email", cookie))).text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toMatch(/,referral_count,beta_tester,notify_me,language$/);
    expect(lines[1]).toMatch(/^nia@example\.com,.*,no,android macos chrome_extension,en$/);
    expect(lines[2]).toMatch(/^person\d+@example\.com,.*,yes,,en$/);
  });
});

// ---- entries from before ----------------------------------------------------------------------------

describe("migration 0009", () => {
  it("takes existing notify-only entries out of the line, keeps their preferences, and moves the testers behind them up", async () => {
    const { db } = await createEmptyD1();
    await applyD1Migrations(db, runner.TEST_MIGRATIONS.filter((migration) => migration.name < "0009"));
    // As migration 0005 left them: everyone numbered in the order they joined, notify-me requests included.
    const rows: [string, string, string, number, number, number][] = [
      ["ada@example.com", "beta_testing", "confirmed", 1, 0, 1],
      ["nia@example.com", "waitlist", "confirmed", 2, 1, 0],
      ["bob@example.com", "beta_testing", "confirmed", 3, 0, 1],
      ["uma@example.com", "waitlist", "unsubscribed", 4, 1, 0],
    ];
    await db.batch(
      rows.map(([email, intent, status, lineSeq, android, invitations]) =>
        db
          .prepare("INSERT INTO waitlist (email, intent, status, line_seq, wants_android, wants_invitations, wants_updates, metadata) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, '{}')")
          .bind(email, intent, status, lineSeq, android, invitations),
      ),
    );
    await applyD1Migrations(db, runner.TEST_MIGRATIONS);
    const after = (await db.prepare("SELECT email, line_seq, wants_android, wants_updates, wants_invitations FROM waitlist ORDER BY id").all()).results;
    expect(after).toEqual([
      { email: "ada@example.com", line_seq: 1, wants_android: 0, wants_updates: 1, wants_invitations: 1 },
      { email: "nia@example.com", line_seq: null, wants_android: 1, wants_updates: 1, wants_invitations: 0 },
      { email: "bob@example.com", line_seq: 3, wants_android: 0, wants_updates: 1, wants_invitations: 1 },
      { email: "uma@example.com", line_seq: null, wants_android: 1, wants_updates: 1, wants_invitations: 0 },
    ]);
    const bob = (await db.prepare("SELECT id FROM waitlist WHERE email = 'bob@example.com'").first<{ id: number }>())!.id;
    expect(await readPlaceInLine(db, bob, BOOST)).toEqual({ place: 2, total: 2 });
  });
});

