/**
 * The owner reaching the list (issue 17), through the real pipeline and Remix build on a real D1 in
 * Miniflare, with email on (Resend, pointed at the stand-in on 127.0.0.1) and the real sender run in
 * Node: the TestFlight and sender name settings, beta invitations (the next N, the ticked rows, review,
 * test copy, never twice under double or concurrent posts, resumable queueing, retry of failures),
 * announcements per segment (sizes, preview, preferences and suppression honoured at send time), and
 * the campaign records with their delivery counts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVITATION_MESSAGES } from "~/features/admin/beta-testers/invitations.server";
import { ANNOUNCEMENT_MESSAGES } from "~/features/admin/announcements/announcement-schema";
import { SETTINGS_MESSAGES } from "~/features/admin/settings/settings-schema";
import { suppress } from "~/features/email/suppression.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { cleanUpEmailData, FINISHED_OUTBOX_LIFETIME_MS } from "~/features/email/jobs.server";
import { createCampaign, deliveryCounts, findCampaign, queueCampaign } from "~/features/outreach/campaigns.server";
import { OUTREACH_MESSAGES } from "~/features/outreach/launch.server";
import { statusUrl } from "~/features/email/links.server";
import { adminPost, cookiePair, decodeHtml, followFlash, OWNER, openAdminApp, pageGet } from "../support/admin";
import { emailVariables, SITE_URL } from "../support/email-variables";
import { formPost, type TestApp } from "../support/app";
import { startResendStandin, type ResendStandin } from "../support/standins";

const TESTFLIGHT = "https://testflight.apple.com/join/AbCd1234";
const BETA = "/admin/beta-testers";
const ANNOUNCE = "/admin/announcements";

let app: TestApp;
let cookie: string;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = emailVariables(standin);
  ({ app, cookie } = await openAdminApp(vars));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.settle();
  await app.db.batch(
    ["email_outbox", "email_campaigns", "waitlist", "email_suppressions", "site_settings", "admin_audit_log", "email_send_pacing"].map((table) =>
      app.db.prepare(`DELETE FROM ${table}`),
    ),
  );
  await standin.reset();
});

// ---- helpers -------------------------------------------------------------------------------------

interface Seed {
  email: string;
  status?: "pending" | "confirmed" | "unsubscribed";
  lineSeq?: number | null;
  intent?: string;
  invitations?: boolean;
  updates?: boolean;
  android?: boolean;
  macos?: boolean;
  chrome?: boolean;
  firstName?: string;
}

async function seed(entry: Seed): Promise<number> {
  const row = await app.db
    .prepare(
      `INSERT INTO waitlist (email, first_name, status, line_seq, intent, metadata, referral_code, wants_invitations, wants_updates, wants_android, wants_macos, wants_chrome_extension, confirmed_at)
       VALUES (?1, ?2, ?3, ?4, ?5, '{}', lower(hex(randomblob(6))), ?6, ?7, ?8, ?9, ?10, CASE WHEN ?3 = 'confirmed' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END) RETURNING id`,
    )
    .bind(
      entry.email,
      entry.firstName ?? null,
      entry.status ?? "confirmed",
      entry.lineSeq ?? null,
      entry.intent ?? "beta_testing",
      Number(entry.invitations ?? true),
      Number(entry.updates ?? true),
      Number(entry.android ?? false),
      Number(entry.macos ?? false),
      Number(entry.chrome ?? false),
    )
    .first<{ id: number }>();
  return row!.id;
}

const count = async (sql: string, ...params: unknown[]) => (await app.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const setTestflight = () => app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('testflight_url', ?1)").bind(TESTFLIGHT).run();
const deliver = () => deliverDueEmail({ DB: app.db, ...vars }, { deadlineMs: 20_000 });
const post = (path: string, fields: Record<string, string>, session = cookie) => app.fetch(adminPost(path, fields, session));
const recipients = async () => (await standin.deliveries()).flatMap((d) => d.to).sort();
const key = () => crypto.randomUUID();
/** The page as a reader reads it: React's text separators (<!-- -->) gone, entities decoded. */
const read = async (response: Response) => decodeHtml((await response.text()).replaceAll("<!-- -->", ""));

/** Five confirmed testers in line 1..5, and the people who must never be invited. */
async function seedLine() {
  for (let i = 1; i <= 5; i++) await seed({ email: `tester${i}@example.test`, lineSeq: i * 10, firstName: `Tester ${i}` });
  await seed({ email: "pending@example.test", status: "pending", lineSeq: null });
  await seed({ email: "gone@example.test", status: "unsubscribed", lineSeq: 5 });
  await seed({ email: "nothanks@example.test", lineSeq: 7, invitations: false });
}

// ---- settings ------------------------------------------------------------------------------------

describe("the email settings", () => {
  it("save a TestFlight public link and a sender name, with an audit row; blank removes them", async () => {
    const saved = await post("/admin/settings", { intent: "save-email-settings", testflight_url: ` ${TESTFLIGHT}/ `, email_sender_name: "  Ada   at LinkVault " });
    expect((await followFlash(app, saved, cookie)).flash).toBe(SETTINGS_MESSAGES.outreachSaved);
    const stored = await app.db.prepare("SELECT key, value FROM site_settings ORDER BY key").all<{ key: string; value: string }>();
    expect(stored.results).toEqual([
      { key: "email_sender_name", value: "Ada at LinkVault" },
      { key: "testflight_url", value: TESTFLIGHT },
    ]);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'updated email settings'")).toBe(1);
    const page = await read(await app.fetch(pageGet("/admin/settings", cookie)));
    expect(page).toContain(`value="${TESTFLIGHT}"`);

    await post("/admin/settings", { intent: "save-email-settings", testflight_url: "", email_sender_name: "" });
    expect(await count("SELECT count(*) AS n FROM site_settings")).toBe(0);
  });

  it("refuse anything but a TestFlight join link, and a name that could inject a header or pose as an address (400, nothing saved)", async () => {
    for (const bad of [
      "http://testflight.apple.com/join/AbCd1234",
      "https://testflight.apple.com.evil.example/join/AbCd1234",
      "https://testflight.apple.com/join/AbCd1234?x=1",
      "https://user@testflight.apple.com/join/AbCd1234",
      "https://testflight.apple.com/v1/app/123",
      "https://testflight.apple.com:444/join/AbCd1234",
      "javascript:alert(1)",
    ]) {
      const response = await post("/admin/settings", { intent: "save-email-settings", testflight_url: bad, email_sender_name: "" });
      expect(response.status).toBe(400);
      expect(await read(response)).toContain(SETTINGS_MESSAGES.testflightUrl);
    }
    for (const bad of ["Evil\r\nBcc: x@example.com", 'Apple "Support"', "support@apple.com", "<Ada>", "a".repeat(61), "\u202eevil"]) {
      const response = await post("/admin/settings", { intent: "save-email-settings", testflight_url: "", email_sender_name: bad });
      expect(response.status).toBe(400);
    }
    expect(await count("SELECT count(*) AS n FROM site_settings")).toBe(0);
  });

  it("the sender name becomes the From's display name of every message, on EMAIL_FROM's address", async () => {
    await post("/admin/settings", { intent: "save-email-settings", testflight_url: TESTFLIGHT, email_sender_name: "Ada from LinkVault" });
    await seedLine();
    await post(BETA, { intent: "invite", mode: "next", count: "1", request: key() });
    await deliver();
    expect((await standin.deliveries()).map((d) => d.from)).toEqual(["Ada from LinkVault <hello@linkvault.example>"]);
  });
});

// ---- invitations ---------------------------------------------------------------------------------

describe("beta invitations", () => {
  it("are refused without a session (to the login page, or 401), and change nothing", async () => {
    await setTestflight();
    await seedLine();
    for (const intent of ["invite", "review-invite", "test-invite", "resume", "retry-failed"]) {
      const page = await app.fetch(adminPost(BETA, { intent, mode: "next", count: "2", request: key(), id: "1" }));
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
      const api = await app.fetch(new Request(adminPost(BETA, { intent, mode: "next", count: "2", request: key() }), { headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1:8788" } }));
      expect(api.status).toBe(401);
    }
    expect(await count("SELECT count(*) AS n FROM email_campaigns")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
  });

  it("refuse bad input with a 4xx and a clear message, writing nothing", async () => {
    await seedLine();
    const noLink = await post(BETA, { intent: "review-invite", mode: "next", count: "2", request: key() });
    expect(noLink.status).toBe(409);
    expect(await read(noLink)).toContain(INVITATION_MESSAGES.noTestflight);
    await setTestflight();
    const cases: [Record<string, string>, string][] = [
      [{ intent: "invite", mode: "next", count: "0", request: key() }, INVITATION_MESSAGES.count],
      [{ intent: "invite", mode: "next", count: "2.5", request: key() }, INVITATION_MESSAGES.count],
      [{ intent: "invite", mode: "next", count: "10001", request: key() }, INVITATION_MESSAGES.count],
      [{ intent: "invite", mode: "next", request: key() }, INVITATION_MESSAGES.count],
      [{ intent: "invite", mode: "next", count: "2", request: "short" }, INVITATION_MESSAGES.badRequest],
      [{ intent: "invite", mode: "next", count: "2" }, INVITATION_MESSAGES.badRequest],
      [{ intent: "invite", mode: "everyone", count: "2", request: key() }, INVITATION_MESSAGES.badRequest],
      [{ intent: "invite", mode: "selected", request: key() }, INVITATION_MESSAGES.noneSelected],
      [{ intent: "invite", mode: "selected", request: key(), ...Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`invite.${i + 1}`, "on"])) }, INVITATION_MESSAGES.tooManySelected],
    ];
    for (const [fields, message] of cases) {
      const response = await post(BETA, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await read(response)).toContain(message);
    }
    expect(await count("SELECT count(*) AS n FROM email_campaigns")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
  });

  it("are refused while email is off (production without a key): 409, nothing queued", async () => {
    const off = app.withEnv({ APP_ENV: "production", EMAIL_API_KEY: "", EMAIL_API_URL: "https://api.resend.com", SITE_URL, SESSION_SECRET: "s".repeat(40), IP_HASH_SECRET: "i".repeat(40) });
    await setTestflight();
    await seedLine();
    // A session signed under the test secrets is not valid under production's: sign in there first.
    const login = await off(formPost("/admin/login", { email: OWNER.email, password: OWNER.password, redirectTo: "/admin/dashboard" }, "198.51.100.9"));
    const prodCookie = cookiePair(login.headers.get("Set-Cookie"));
    const response = await off(adminPost(BETA, { intent: "invite", mode: "next", count: "2", request: key() }, prodCookie));
    expect(response.status).toBe(409);
    expect(await read(response)).toContain(OUTREACH_MESSAGES.emailOff);
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
  });

  it("review the next N: who gets it (only those who can be invited, in line order) and the message with the TestFlight link", async () => {
    await setTestflight();
    await seedLine();
    const response = await post(BETA, { intent: "review-invite", mode: "next", count: "2", request: key() });
    expect(response.status).toBe(200);
    const page = await read(response);
    // The review panel, before the message's preview (the table further down lists everyone).
    const html = page.slice(page.indexOf('data-testid="invite-review"'), page.indexOf('data-testid="invitation-preview"'));
    expect(html).toContain("Invite 2 testers?");
    expect(html).toContain("Tester 1 (tester1@example.test)");
    expect(html).toContain("Tester 2 (tester2@example.test)");
    expect(html).not.toContain("tester3@example.test");
    expect(page).toContain(TESTFLIGHT);
    expect(page).toContain("Your invitation to the LinkVault beta");
    // Reviewing writes nothing.
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
  });

  it("a test copy goes to the admin's own address only, through the outbox, marked [Test], with the link", async () => {
    await setTestflight();
    await seedLine();
    const response = await post(BETA, { intent: "test-invite", mode: "next", count: "2", request: key() });
    expect(response.status).toBe(200);
    expect(await read(response)).toContain(`A test copy is on its way to ${OWNER.email}`);
    await deliver();
    expect(await recipients()).toEqual([OWNER.email]);
    const [testCopy] = await standin.deliveries();
    expect(testCopy!.subject).toBe("[Test] Your invitation to the LinkVault beta");
    expect(testCopy!.html).toContain(TESTFLIGHT);
    expect(await count("SELECT count(*) AS n FROM email_campaigns")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE invited_at IS NOT NULL")).toBe(0);
  });

  it("invite the next 2: exactly those two get one message each with the link, are marked invited, and their status page shows it", async () => {
    await setTestflight();
    await seedLine();
    const sent = await post(BETA, { intent: "invite", mode: "next", count: "2", request: key() });
    const { flash } = await followFlash(app, sent, cookie);
    expect(flash).toMatch(/^Queued 2 invitations\./);
    await deliver();
    expect(await recipients()).toEqual(["tester1@example.test", "tester2@example.test"]);
    for (const d of await standin.deliveries()) {
      expect(d.html).toContain(`href="${TESTFLIGHT}"`);
      expect(d.text).toContain(TESTFLIGHT);
      expect(d.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
    const invited = await app.db.prepare("SELECT email FROM waitlist WHERE invited_at IS NOT NULL ORDER BY email").all<{ email: string }>();
    expect(invited.results.map((r) => r.email)).toEqual(["tester1@example.test", "tester2@example.test"]);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'sent beta invitations'")).toBe(1);

    const id = (await app.db.prepare("SELECT id FROM waitlist WHERE email = 'tester1@example.test'").first<{ id: number }>())!.id;
    const status = await app.fetch(new Request(await statusUrl({ siteUrl: "http://127.0.0.1:8788", tokenSecret: vars.EMAIL_TOKEN_SECRET! }, { id, linkVersion: 0 }, Date.now())));
    const page = await read(status);
    expect(page).toContain("You're invited to the beta");
    expect(page).toContain(`href="${TESTFLIGHT}"`);

    // The batch's record: 2 queued, 2 sent.
    const batches = await read(await app.fetch(pageGet(BETA, cookie)));
    expect(batches).toMatch(/data-testid="count-sent">2</);
    // The next batch picks up where this one stopped, and never invites anyone twice.
    await post(BETA, { intent: "invite", mode: "next", count: "10", request: key() });
    await deliver();
    expect(await recipients()).toEqual(["tester1@example.test", "tester2@example.test", "tester3@example.test", "tester4@example.test", "tester5@example.test"]);
  });

  it("invite the next N and the status pages agree on the order, with a referral boost and the owner's priority in play", async () => {
    await setTestflight();
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('referral_boost_places', '3')").run();
    // Keys line_seq - 3 × referrals: t1 1, t2 2, t3 3, t4 4 - 6 = -2, t5 5, t6 6 - 3 = 3 (a tie: after t3), and
    // someone with beta invitations off at 7 - 9 = -2 (a tie with t4, who confirmed first).
    const referrals: Record<string, number> = { "tester4@example.test": 2, "tester6@example.test": 1, "nothanks@example.test": 3 };
    const ids = new Map<string, number>();
    for (let i = 1; i <= 6; i++) ids.set(`tester${i}@example.test`, await seed({ email: `tester${i}@example.test`, lineSeq: i }));
    ids.set("nothanks@example.test", await seed({ email: "nothanks@example.test", lineSeq: 7, invitations: false }));
    for (const [email, n] of Object.entries(referrals)) await app.db.prepare("UPDATE waitlist SET referral_count = ?2 WHERE email = ?1").bind(email, n).run();
    // The owner moves tester5 to the front (issue 31): their priority comes before every referral boost.
    await post(`${BETA}/${ids.get("tester5@example.test")}`, { intent: "front" });

    // The order the status pages show, each person reading their own.
    const keys = { siteUrl: "http://127.0.0.1:8788", tokenSecret: vars.EMAIL_TOKEN_SECRET! };
    const places = new Map<string, number>();
    for (const [email, id] of ids) {
      const page = await read(await app.fetch(new Request(await statusUrl(keys, { id, linkVersion: 0 }, Date.now()))));
      places.set(email, Number(/data-testid="place-in-line">#(\d+)/.exec(page)![1]));
    }
    const statusOrder = [...places].sort((a, b) => a[1] - b[1]).map(([email]) => email);
    expect(statusOrder).toEqual([
      "tester5@example.test",
      "tester4@example.test",
      "nothanks@example.test",
      "tester1@example.test",
      "tester2@example.test",
      "tester3@example.test",
      "tester6@example.test",
    ]);
    const invitable = statusOrder.filter((email) => email !== "nothanks@example.test");

    // The review names them in that order.
    const review = await read(await post(BETA, { intent: "review-invite", mode: "next", count: "6", request: key() }));
    const named = review.slice(review.indexOf('data-testid="invite-review"'), review.indexOf('data-testid="invitation-preview"'));
    const positions = invitable.map((email) => named.indexOf(email));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // "Invite the next 1", six times: each goes to whoever the status pages put first among those not yet invited.
    const invitedInTurn: string[] = [];
    for (let turn = 0; turn < invitable.length; turn++) {
      await post(BETA, { intent: "invite", mode: "next", count: "1", request: key() });
      await deliver();
      const all = (await standin.deliveries()).flatMap((d) => d.to);
      invitedInTurn.push(all.at(-1)!);
    }
    expect(invitedInTurn).toEqual(invitable);
  });

  it("invite the next 3 queues them in the status pages' order", async () => {
    await setTestflight();
    for (let i = 1; i <= 4; i++) await seed({ email: `tester${i}@example.test`, lineSeq: i });
    await app.db.prepare("UPDATE waitlist SET referral_count = 1 WHERE email = 'tester4@example.test'").run();
    await post(BETA, { intent: "invite", mode: "next", count: "3", request: key() });
    const queued = await app.db.prepare("SELECT recipient FROM email_outbox WHERE kind = 'invitation' ORDER BY id").all<{ recipient: string }>();
    // 4 - 5 = -1: the referral puts tester4 first.
    expect(queued.results.map((row) => row.recipient)).toEqual(["tester4@example.test", "tester1@example.test", "tester2@example.test"]);
  });

  it("a double click, a reload (the same form posted again) or ten posts at once create one batch and invite no one twice", async () => {
    await setTestflight();
    await seedLine();
    const request = key();
    const fields = { intent: "invite", mode: "next", count: "2", request };
    const first = await post(BETA, fields);
    const again = await followFlash(app, await post(BETA, fields), cookie);
    expect(first.status).toBe(302);
    expect(again.flash).toMatch(/already sent: nothing was sent twice/);
    await Promise.all(Array.from({ length: 10 }, () => post(BETA, fields)));
    // Other requests racing with different keys for the same people: the unique index keeps one invitation each.
    await Promise.all(Array.from({ length: 5 }, () => post(BETA, { ...fields, request: key(), count: "2" })));
    expect(await count("SELECT count(*) AS n FROM email_campaigns WHERE request_key = ?1", request)).toBe(1);
    await deliver();
    const perPerson = new Map<string, number>();
    for (const to of await recipients()) perPerson.set(to, (perPerson.get(to) ?? 0) + 1);
    expect([...perPerson.values()].every((n) => n === 1)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE kind = 'invitation'")).toBe(perPerson.size);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'sent beta invitations'")).toBe(await count("SELECT count(*) AS n FROM email_campaigns"));
  });

  it("the ticked rows: only those who can be invited, whatever else is ticked", async () => {
    await setTestflight();
    await seedLine();
    const ids = await app.db.prepare("SELECT id, email FROM waitlist ORDER BY id").all<{ id: number; email: string }>();
    const idOf = (email: string) => ids.results.find((r) => r.email === email)!.id;
    const ticked = ["tester4@example.test", "pending@example.test", "gone@example.test", "nothanks@example.test"].map(idOf);
    const review = await read(await post(BETA, { intent: "review-invite", mode: "selected", request: key(), ...Object.fromEntries(ticked.map((id) => [`invite.${id}`, "on"])) }));
    expect(review).toContain("Invite 1 tester?");
    expect(review).toMatch(/3 cannot be invited/);
    await post(BETA, { intent: "invite", mode: "selected", request: key(), ...Object.fromEntries(ticked.map((id) => [`invite.${id}`, "on"])) });
    await deliver();
    expect(await recipients()).toEqual(["tester4@example.test"]);
  });

  it("skip a tester who unsubscribed, or was suppressed, after the batch was queued (cancelled, never sent)", async () => {
    await setTestflight();
    await seedLine();
    await post(BETA, { intent: "invite", mode: "next", count: "3", request: key() });
    await app.db.prepare("UPDATE waitlist SET status = 'unsubscribed' WHERE email = 'tester1@example.test'").run();
    await (await suppress(app.db, vars.SUPPRESSION_HASH_SECRET!, "tester2@example.test", "bounced")).run();
    await deliver();
    expect(await recipients()).toEqual(["tester3@example.test"]);
    const campaign = (await app.db.prepare("SELECT id FROM email_campaigns").first<{ id: number }>())!.id;
    expect((await deliveryCounts(app.db, [campaign])).get(campaign)).toMatchObject({ sent: 1, skipped: 2, queued: 0, failed: 0 });
  });

  it("queueing thousands goes a chunk at a time within a budget, is resumed where it stopped (also by two requests at once), never twice", async () => {
    await setTestflight();
    const values = Array.from({ length: 1_234 }, (_, i) => i + 1);
    await app.db
      .prepare(
        `INSERT INTO waitlist (email, status, line_seq, intent, metadata, referral_code)
         SELECT 'bulk' || value || '@example.test', 'confirmed', value, 'beta_testing', '{}', 'bulk' || printf('%06d', value) FROM json_each(?1)`,
      )
      .bind(JSON.stringify(values))
      .run();
    const admin = { id: 1, email: OWNER.email };
    const { campaign } = await createCampaign(app.db, admin, { kind: "invitation", requestKey: key(), audience: { next: 1_000 }, audienceSize: 1_000, testflightUrl: TESTFLIGHT }, "sent beta invitations");
    // No budget: one chunk (a call always makes progress), as when a request runs out of time after 300 rows.
    const partial = await queueCampaign(app.db, campaign, { chunk: 300, budgetMs: 0 });
    expect(partial).toMatchObject({ written: 300, done: false });
    expect(partial.campaign).toMatchObject({ queuedCount: 300, queuedAt: null });

    // The page offers Resume; two resumes at once finish it with no row twice and the count exact.
    const page = await read(await app.fetch(pageGet(BETA, cookie)));
    expect(page).toContain("Queueing stopped at 300");
    const [a, b] = await Promise.all([post(BETA, { intent: "resume", id: String(campaign.id) }), post(BETA, { intent: "resume", id: String(campaign.id) })]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([302]));
    const done = (await findCampaign(app.db, { id: campaign.id }))!;
    expect(done.queuedCount).toBe(1_000);
    expect(done.queuedAt).not.toBeNull();
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE campaign_id = ?1", campaign.id)).toBe(1_000);
    expect(await count("SELECT count(DISTINCT waitlist_id) AS n FROM email_outbox WHERE campaign_id = ?1", campaign.id)).toBe(1_000);
    // In line order: the first 1,000 places.
    expect(await count("SELECT max(w.line_seq) AS n FROM email_outbox o JOIN waitlist w ON w.id = o.waitlist_id WHERE o.campaign_id = ?1", campaign.id)).toBe(1_000);
    const finished = await post(BETA, { intent: "resume", id: String(campaign.id) });
    expect(finished.status).toBe(409);
    expect(await read(finished)).toContain(OUTREACH_MESSAGES.nothingToResume);
  });

  it("failed invitations are retried from their batch: the same rows, sent once", async () => {
    await setTestflight();
    await seedLine();
    await standin.setFaults({ refuse: ["tester1@example.test"] });
    await post(BETA, { intent: "invite", mode: "next", count: "2", request: key() });
    await deliver();
    expect(await recipients()).toEqual(["tester2@example.test"]);
    const campaign = (await app.db.prepare("SELECT id FROM email_campaigns").first<{ id: number }>())!.id;
    expect((await deliveryCounts(app.db, [campaign])).get(campaign)).toMatchObject({ sent: 1, failed: 1 });
    await standin.setFaults({ refuse: [] });
    const retried = await followFlash(app, await post(BETA, { intent: "retry-failed", id: String(campaign) }), cookie);
    expect(retried.flash).toMatch(/1 failed message is queued again/);
    await deliver();
    expect(await recipients()).toEqual(["tester1@example.test", "tester2@example.test"]);
    const nothing = await post(BETA, { intent: "retry-failed", id: String(campaign) });
    expect(nothing.status).toBe(409);
    // Another page's campaign id, or none: 404.
    expect((await post(BETA, { intent: "retry-failed", id: "999999" })).status).toBe(404);
  });
});

// ---- announcements -------------------------------------------------------------------------------

describe("announcements", () => {
  async function seedAudience() {
    await seed({ email: "droid1@example.test", android: true, lineSeq: 1 });
    await seed({ email: "droid2@example.test", android: true, updates: false, lineSeq: 2 });
    await seed({ email: "mac@example.test", macos: true, lineSeq: 3 });
    await seed({ email: "chrome@example.test", chrome: true, intent: "waitlist", lineSeq: 4 });
    await seed({ email: "quiet@example.test", updates: false, invitations: false, lineSeq: 5 });
    await seed({ email: "droid-pending@example.test", status: "pending", android: true });
    await seed({ email: "droid-gone@example.test", status: "unsubscribed", android: true, lineSeq: 6 });
  }
  const fields = (over: Record<string, string> = {}) => ({ intent: "send", subject: "Android is here", body: "It is **ready**. [Get it](https://play.google.com/store/apps/details?id=app.linkvault)", segment: "android", request: key(), ...over });

  it("the page shows each segment's size: confirmed people whose preference is on", async () => {
    await seedAudience();
    const html = await read(await app.fetch(pageGet(ANNOUNCE, cookie)));
    const size = (segment: string) => new RegExp(`data-testid="segment-size-${segment}">([\\d,]+) `).exec(html)?.[1];
    expect(size("android")).toBe("2");
    expect(size("macos")).toBe("1");
    expect(size("chrome_extension")).toBe("1");
    expect(size("updates")).toBe("3");
    expect(size("beta_testers")).toBe("3"); // beta program, invitations on: droid1, droid2, mac
  });

  it("is refused without a session, and bad input gets 400 with the field's message, writing nothing", async () => {
    await seedAudience();
    for (const intent of ["send", "preview", "test"]) {
      const signedOut = await app.fetch(adminPost(ANNOUNCE, fields({ intent })));
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
    const refused: [Record<string, string>, string][] = [
      [fields({ subject: "" }), ANNOUNCEMENT_MESSAGES.subject],
      [fields({ subject: "x".repeat(201) }), ANNOUNCEMENT_MESSAGES.subject],
      [fields({ body: "   " }), ANNOUNCEMENT_MESSAGES.body],
      [fields({ body: "x".repeat(20_001) }), ANNOUNCEMENT_MESSAGES.body],
      [fields({ segment: "everyone" }), ANNOUNCEMENT_MESSAGES.segment],
      [fields({ request: "x" }), ANNOUNCEMENT_MESSAGES.badRequest],
      [fields({ intent: "blast" }), ANNOUNCEMENT_MESSAGES.unknownIntent],
    ];
    for (const [body, message] of refused) {
      const response = await post(ANNOUNCE, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await read(response)).toContain(message);
    }
    const empty = await post(ANNOUNCE, fields({ segment: "macos", request: key() }));
    expect(empty.status).toBe(302); // one person: sent
    await app.db.prepare("UPDATE waitlist SET wants_macos = 0").run();
    const nobody = await post(ANNOUNCE, fields({ segment: "macos", request: key() }));
    expect(nobody.status).toBe(409);
    expect(await read(nobody)).toContain(ANNOUNCEMENT_MESSAGES.nobody);
  });

  it("preview renders the Markdown as recipients get it, without sending; a test goes to the admin alone", async () => {
    await seedAudience();
    const preview = await post(ANNOUNCE, fields({ intent: "preview", body: "Hello <script>alert(1)</script> **bold** ![px](https://tracker.example/p.gif)" }));
    const raw = await preview.text();
    expect(preview.status).toBe(200);
    expect(decodeHtml(raw.replaceAll("<!-- -->", ""))).toContain("Send to 2 people?");
    // The body is shown escaped, in the form and in the preview (twice escaped inside the frame's srcdoc).
    expect(raw).not.toContain("<script>alert(1)");
    expect(raw).toContain("&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;");
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
    const test = await post(ANNOUNCE, fields({ intent: "test" }));
    expect(await read(test)).toContain(`A test copy is on its way to ${OWNER.email}`);
    await deliver();
    expect(await recipients()).toEqual([OWNER.email]);
    expect((await standin.deliveries())[0]!.subject).toBe("[Test] Android is here");
  });

  it("an Android announcement reaches only the confirmed people who asked for Android, once, with one-click unsubscribe; it is recorded and audited", async () => {
    await seedAudience();
    const sent = await followFlash(app, await post(ANNOUNCE, fields()), cookie);
    expect(sent.flash).toMatch(/^Queued 2 messages\./);
    await deliver();
    expect(await recipients()).toEqual(["droid1@example.test", "droid2@example.test"]);
    for (const d of await standin.deliveries()) {
      expect(d.subject).toBe("Android is here");
      expect(d.html).toContain("<strong>ready</strong>");
      expect(d.html).toContain('href="https://play.google.com/store/apps/details?id=app.linkvault"');
      expect(d.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:8788\/waitlist\/unsubscribe\?token=|^<https:\/\/linkvault\.example\/waitlist\/unsubscribe\?token=/);
      expect(d.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
    const campaign = (await app.db.prepare("SELECT id, audience_size, subject, body_markdown FROM email_campaigns").first<{ id: number; audience_size: number; subject: string; body_markdown: string }>())!;
    expect(campaign).toMatchObject({ audience_size: 2, subject: "Android is here" });
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'sent announcement' AND target = ?1", `campaign #${campaign.id}`)).toBe(1);
    const page = await read(await app.fetch(pageGet(ANNOUNCE, cookie)));
    expect(page).toContain("Android is here");
    expect(page).toMatch(/data-testid="count-sent">2</);
  });

  it("honours preferences and the suppression list when each message is due, not only when queued", async () => {
    await seedAudience();
    await post(ANNOUNCE, fields());
    await app.db.prepare("UPDATE waitlist SET wants_android = 0 WHERE email = 'droid1@example.test'").run();
    await (await suppress(app.db, vars.SUPPRESSION_HASH_SECRET!, "droid2@example.test", "complained")).run();
    await deliver();
    expect(await recipients()).toEqual([]);
    const rows = await app.db.prepare("SELECT recipient, status, last_error FROM email_outbox ORDER BY recipient").all();
    expect(rows.results).toEqual([
      { recipient: "droid1@example.test", status: "cancelled", last_error: "not_wanted: the entry is confirmed" },
      { recipient: "droid2@example.test", status: "cancelled", last_error: "suppressed" },
    ]);
  });

  it("a double post of the same form sends once", async () => {
    await seedAudience();
    const body = fields();
    await Promise.all([post(ANNOUNCE, body), post(ANNOUNCE, body), post(ANNOUNCE, body)]);
    await post(ANNOUNCE, body);
    await deliver();
    expect(await recipients()).toEqual(["droid1@example.test", "droid2@example.test"]);
    expect(await count("SELECT count(*) AS n FROM email_campaigns")).toBe(1);
  });

  it("keeps an announcement's delivery counts after the 90-day clean-up purges its outbox rows", async () => {
    await seedAudience();
    await post(ANNOUNCE, fields());
    await deliver();
    const campaign = (await app.db.prepare("SELECT id FROM email_campaigns").first<{ id: number }>())!.id;
    await app.db.prepare("UPDATE email_outbox SET delivery_event = 'bounced' WHERE recipient = 'droid1@example.test'").run();
    const before = (await deliveryCounts(app.db, [campaign])).get(campaign);
    await cleanUpEmailData(app.db, Date.now() + FINISHED_OUTBOX_LIFETIME_MS + 60_000);
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE campaign_id = ?1", campaign)).toBe(0);
    expect((await deliveryCounts(app.db, [campaign])).get(campaign)).toEqual(before);
    expect(before).toMatchObject({ sent: 2, bounced: 1 });
  });
});
