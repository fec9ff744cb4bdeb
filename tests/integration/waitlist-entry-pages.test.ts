/**
 * The private pages a person on the waitlist reaches from an email (/waitlist/confirm, /status,
 * /unsubscribe; ADR 0031), through the real request pipeline and Remix build, on a real D1 in
 * workerd. Email is on (Resend, pointed at the stand-in on 127.0.0.1); where a test needs the
 * message itself, the real sender delivers the outbox to the stand-in and the test follows its links.
 * The pages' markup is checked against the dev server (tests/stack/waitlist-entry-pages.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxInsert } from "~/features/email/outbox.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { isSuppressed, suppress } from "~/features/email/suppression.server";
import { readPlaceInLine } from "~/features/waitlist/place-in-line.server";
import { englishT } from "../support/english";
import { signToken } from "~/lib/signed-token.server";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { createTestApp, formPost, type TestApp } from "../support/app";
import { startResendStandin, type ResendStandin } from "../support/standins";
import { entryLinks, pageText, seedConfirmedLine, seedEntry, shownMarkup, tokenIn, type EntrySeed } from "../support/waitlist-entries";

let app: TestApp;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = emailVariables(standin);
  app = await createTestApp(vars);
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions", "site_settings"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));
  await standin.reset();
});

// ---- helpers -------------------------------------------------------------------------------------

const seed = (entry: EntrySeed = {}) => seedEntry(app.db, entry);
const confirmedLine = (count: number) => seedConfirmedLine(app.db, count);

type Row = Record<string, string | number | null>;
const entry = (id: number) => app.db.prepare("SELECT * FROM waitlist WHERE id = ?1").bind(id).first<Row>();
const outboxOf = async (id: number) =>
  (await app.db.prepare("SELECT * FROM email_outbox WHERE waitlist_id = ?1 ORDER BY id").bind(id).all<Row>()).results;

const { linkPath, expiredPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });

/** A POST from one of the pages' own forms (same origin). */
const post = (path: string, fields: Record<string, string>) => app.fetch(formPost(path, { token: tokenIn(path), ...fields }));

/** What an RFC 8058 one-click POST from a mail provider looks like: no cookies, no Origin, no Sec-Fetch-*. */
const oneClick = (path: string) =>
  app.fetch(new Request(new URL(path, "http://127.0.0.1:8788"), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));

function expectPrivate(response: Response) {
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
  expect(response.headers.get("X-Edge-Cache")).toBeNull();
}

/** Sends what is due through the real sender to the stand-in. */
async function deliver() {
  await deliverDueEmail({ DB: app.db, ...vars }, { deadlineMs: 10_000 });
  await standin.whenIdle();
}

function linkIn(html: string, path: string): string {
  const match = new RegExp(`href="(${SITE_URL.replace(/\./g, "\\.")}${path}\\?[^"]+)"`).exec(html);
  if (!match) throw new Error(`no ${path} link in the message`);
  const url = new URL(match[1]!.replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
}

// ---- /waitlist/confirm --------------------------------------------------------------------------

describe("/waitlist/confirm", () => {
  it("GET only shows a Confirm button that posts the token: opening the link (as a mail scanner does) confirms nothing", async () => {
    const id = await seed({ firstName: "Ada" });
    const path = await linkPath("confirm", id);
    const response = await app.fetch(path);
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await pageText(response);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/<form method="post"[^>]*>/);
    expect(html).toContain(`name="token" value="${tokenIn(path)}"`);
    expect(html).toContain(englishT("status.confirm.button"));
    expect(html).toContain("Ada, please confirm your email");
    expect(await entry(id)).toMatchObject({ status: "pending", confirmed_at: null, line_seq: null });
    expect(await outboxOf(id)).toEqual([]);
  });

  it("POST confirms in one go: status, time, the next place in order, preferences kept; queues the welcome; redirects to the status page", async () => {
    await confirmedLine(3);
    const id = await seed({ wantsAndroid: true });
    await app.db.batch([await suppress(app.db, vars.SUPPRESSION_HASH_SECRET!, (await entry(id))!.email as string, "unsubscribed")]);

    const response = await post(await linkPath("confirm", id), {});
    expect(response.status).toBe(302);
    expectPrivate(response);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/waitlist\/status\?token=[^&]+&confirmed=1$/);

    const row = (await entry(id))!;
    expect(row).toMatchObject({ status: "confirmed", line_seq: 4, unsubscribed_at: null, wants_android: 1, wants_updates: 1, consent_wording: "waitlist-v1" });
    expect(Date.now() - Date.parse(row.confirmed_at as string)).toBeLessThan(60_000);
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, row.email as string)).toBe(false);
    const outbox = await outboxOf(id);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "welcome", status: "queued", recipient: row.email });
    expect(JSON.parse(outbox[0]!.payload as string)).toEqual({ place: 4, total: 4 });

    // The redirect's status link works and says so.
    const status = await app.fetch(location);
    expect(status.status).toBe(200);
    const html = await pageText(status);
    expect(html).toContain(englishT("status.entry.justConfirmed"));
    expect(html).toContain("You're #4 in line");
  });

  it("confirming twice is harmless: one welcome, one place, 'already confirmed' with the way to the status page", async () => {
    const referrer = (await confirmedLine(1))[0]!;
    const id = await seed({ referredBy: referrer });
    const path = await linkPath("confirm", id);
    expect((await post(path, {})).status).toBe(302);
    const before = await entry(id);

    const again = await post(path, {});
    expect(again.status).toBe(200);
    const html = await pageText(again);
    expect(html).toContain(englishT("status.confirm.alreadyConfirmed"));
    expect(html).toMatch(/href="\/waitlist\/status\?token=[^"]+"/);
    const get = await pageText(await app.fetch(path));
    expect(get).toContain(englishT("status.confirm.alreadyConfirmed"));

    expect(await entry(id)).toEqual(before);
    expect(await outboxOf(id)).toHaveLength(1);
    expect((await entry(referrer))!.referral_count).toBe(1);
  });

  it("two confirmations at once (a double click) land once: one welcome, one credit, one place", async () => {
    const referrer = (await confirmedLine(2))[0]!;
    const id = await seed({ referredBy: referrer });
    const path = await linkPath("confirm", id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(path, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 302]);
    expect(await outboxOf(id)).toHaveLength(1);
    expect((await entry(id))!.line_seq).toBe(3);
    expect((await entry(referrer))!.referral_count).toBe(1);
  });

  it("credits the referrer exactly once ever, even when the referred person leaves and comes back", async () => {
    const referrer = (await confirmedLine(1))[0]!;
    const id = await seed({ referredBy: referrer });
    await post(await linkPath("confirm", id), {});
    expect((await entry(referrer))!.referral_count).toBe(1);
    expect((await entry(id))!.referral_credited_at).toBe((await entry(id))!.confirmed_at);

    await oneClick(await linkPath("unsubscribe", id));
    expect((await entry(id))!.status).toBe("unsubscribed");
    const rejoin = await post(await linkPath("status", id), { intent: "resubscribe" });
    expect(rejoin.status).toBe(200);
    expect((await entry(id))!.status).toBe("confirmed");
    expect((await entry(referrer))!.referral_count).toBe(1);
  });

  it("never counts a self-referral", async () => {
    const id = await seed();
    await app.db.prepare("UPDATE waitlist SET referred_by = id WHERE id = ?1").bind(id).run();
    await post(await linkPath("confirm", id), {});
    expect(await entry(id)).toMatchObject({ status: "confirmed", referral_count: 0, referral_credited_at: null });
  });

  it("an entry that left and confirms again keeps its line_seq and is welcomed again", async () => {
    await confirmedLine(3);
    const id = await seed({ status: "unsubscribed", lineSeq: 2 + 100, unsubscribedAt: "2026-02-01T00:00:00.000Z" });
    const response = await post(await linkPath("confirm", id), {});
    expect(response.status).toBe(302);
    expect(await entry(id)).toMatchObject({ status: "confirmed", line_seq: 102, unsubscribed_at: null });
    expect((await outboxOf(id)).map((row) => row.kind)).toEqual(["welcome"]);
  });

  it("an expired link confirms nothing and offers a new one, at most once per 10 minutes", async () => {
    const id = await seed({ firstName: "Grace" });
    const path = await expiredPath("confirm", id);
    const page = await app.fetch(path);
    expect(page.status).toBe(410);
    expectPrivate(page);
    const html = await pageText(page);
    expect(html).toContain(englishT("status.confirm.expiredTitle"));
    expect(html).toContain(englishT("status.confirm.resendButton"));
    expect(html).not.toContain("Grace");

    expect((await post(path, {})).status).toBe(410);
    expect((await entry(id))!.status).toBe("pending");

    const resent = await post(path, { intent: "resend" });
    expect(resent.status).toBe(200);
    expect(await pageText(resent)).toContain(englishT("status.confirm.resent"));
    const [message] = await outboxOf(id);
    expect(message).toMatchObject({ kind: "confirm", status: "queued" });
    expect(JSON.parse(message!.payload as string)).toEqual({ consentRequest: true });
    const sentAt = (await entry(id))!.confirmation_sent_at as string;
    expect(sentAt).toBeTruthy();

    const tooSoon = await post(path, { intent: "resend" });
    expect(tooSoon.status).toBe(429);
    expect(await pageText(tooSoon)).toContain(englishT("status.confirm.resendTooSoon"));
    expect(await outboxOf(id)).toHaveLength(1);

    // Eleven minutes later (the clock is the row's: moved back instead of waiting).
    await app.db.prepare("UPDATE waitlist SET confirmation_sent_at = ?2 WHERE id = ?1").bind(id, new Date(Date.parse(sentAt) - 11 * 60_000).toISOString()).run();
    expect((await post(path, { intent: "resend" })).status).toBe(200);
    expect(await outboxOf(id)).toHaveLength(2);

    // The new message's link confirms.
    await deliver();
    const delivered = (await standin.deliveries()).at(-1)!;
    const fresh = linkIn(delivered.html!, "/waitlist/confirm");
    expect((await post(fresh, {})).status).toBe(302);
    expect((await entry(id))!.status).toBe("confirmed");
  });

  it("an expired link of an entry already confirmed says so, and opens nothing else", async () => {
    const [id] = await confirmedLine(1);
    const page = await app.fetch(await expiredPath("confirm", id!));
    expect(page.status).toBe(410);
    const html = await pageText(page);
    expect(html).toContain(englishT("status.confirm.alreadyConfirmed"));
    expect(html).not.toContain("/waitlist/status?token=");
    expect(shownMarkup(html)).not.toContain(englishT("status.confirm.resendButton"));
  });
});

// ---- links that open nothing --------------------------------------------------------------------

describe("a link without a valid token shows nothing about anyone", () => {
  async function badPaths(id: number): Promise<[string, string][]> {
    const good = await linkPath("confirm", id);
    const token = tokenIn(good);
    const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const otherSubject = token.replace(/^\d+/, String(id + 1));
    const wrongSecret = await signToken("another-secret-of-at-least-32-characters!", { purpose: "confirm", subject: String(id), expiresAt: Date.now() + 3_600_000 });
    return [
      ["no token", "/waitlist/confirm"],
      ["empty token", "/waitlist/confirm?token="],
      ["garbage", "/waitlist/confirm?token=%3Cscript%3E"],
      ["tampered signature", `/waitlist/confirm?token=${tampered}`],
      ["another entry's id under this signature", `/waitlist/confirm?token=${otherSubject}`],
      ["signed with another secret", `/waitlist/confirm?token=${wrongSecret}`],
      ["a status link used to confirm", (await linkPath("status", id)).replace("/status", "/confirm")],
      ["an unsubscribe link used to confirm", (await linkPath("unsubscribe", id)).replace("/unsubscribe", "/confirm")],
      ["a confirm link used for the status page", good.replace("/confirm", "/status")],
      ["an unsubscribe link used for the status page", (await linkPath("unsubscribe", id)).replace("/unsubscribe", "/status")],
      ["a confirm link used to unsubscribe", good.replace("/confirm", "/unsubscribe")],
      ["a status link used to unsubscribe", (await linkPath("status", id)).replace("/status", "/unsubscribe")],
    ];
  }

  it("answers 400 with a plain explanation, for GET and POST alike, and changes nothing", async () => {
    const id = await seed({ email: "secret.person@example.com", firstName: "Secretname", status: "confirmed", lineSeq: 1 });
    await seed({ email: "other@example.com", firstName: "Othername" });
    for (const [label, path] of await badPaths(id)) {
      for (const request of [new Request(new URL(path, "http://127.0.0.1:8788")), formPost(path, { intent: "delete", confirm: "yes" })]) {
        const response = await app.fetch(request);
        expect(response.status, `${label} ${request.method}`).toBe(400);
        expectPrivate(response);
        const html = await pageText(response);
        expect(html, label).toContain(englishT("status.page.invalidTitle"));
        for (const secret of ["secret.person", "Secretname", "other@", "Othername", "#1"]) expect(html, `${label} leaks ${secret}`).not.toContain(secret);
      }
    }
    expect(await entry(id)).toMatchObject({ status: "confirmed" });
    expect(await app.db.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("a deleted entry's links open nothing (ids are never reused)", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1 });
    const paths = [await linkPath("confirm", id), await linkPath("status", id)];
    await app.db.prepare("DELETE FROM waitlist WHERE id = ?1").bind(id).run();
    await seed({ status: "confirmed", lineSeq: 2 });
    for (const path of paths) expect((await app.fetch(path)).status, path).toBe(400);
  });
});

// ---- /waitlist/status ----------------------------------------------------------------------------

describe("the place in line", () => {
  const places = async (ids: number[], boost: number) => Promise.all(ids.map(async (id) => (await readPlaceInLine(app.db, id, boost))?.place ?? null));
  const setReferrals = (id: number, count: number) => app.db.prepare("UPDATE waitlist SET referral_count = ?2 WHERE id = ?1").bind(id, count).run();

  it("is the order of confirmation when nobody referred anyone", async () => {
    const ids = await confirmedLine(5);
    expect(await places(ids, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(await readPlaceInLine(app.db, ids[2]!, 5)).toEqual({ place: 3, total: 5 });
  });

  it("moves an entry ahead by the boost per confirmed referral, ties keep confirmation order, never past #1", async () => {
    const ids = await confirmedLine(12);
    // #10 with one referral: key 10 - 5 = 5, a tie with #5, whose smaller line_seq stays ahead.
    await setReferrals(ids[9]!, 1);
    expect(await places(ids, 5)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 6, 11, 12]);
    // #12 with three referrals: key -3, but a place is never better than #1.
    await setReferrals(ids[11]!, 3);
    expect(await places(ids, 5)).toEqual([2, 3, 4, 5, 6, 8, 9, 10, 11, 7, 12, 1]);
    // The boost is the admin's: 2 places per referral.
    expect(await places(ids, 2)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 11, 10, 12, 7]);
  });

  it("counts only confirmed entries: pending and unsubscribed ones have no place and are not in the total", async () => {
    const ids = await confirmedLine(3);
    const pending = await seed();
    const gone = await seed({ status: "unsubscribed", lineSeq: 4 });
    expect(await readPlaceInLine(app.db, ids[2]!, 5)).toEqual({ place: 3, total: 3 });
    expect(await readPlaceInLine(app.db, pending, 5)).toBeNull();
    expect(await readPlaceInLine(app.db, gone, 5)).toBeNull();
  });

  it("the status page shows it with the admin's boost, and a referred person's confirmation moves the referrer", async () => {
    const ids = await confirmedLine(8);
    const me = ids[7]!;
    const path = await linkPath("status", me);
    expect(await pageText(await app.fetch(path))).toContain("You're #8 in line");

    const friend = await seed({ referredBy: me });
    await post(await linkPath("confirm", friend), {});
    const html = await pageText(await app.fetch(path));
    // 8 - 5 = 3: a tie with #3, who confirmed first.
    expect(html).toMatch(/data-testid="place-in-line">#4 <span[^>]*>of 9<\/span>/);
    expect(html).toMatch(/data-testid="referral-count">1</);

    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('referral_boost_places', '10')").run();
    expect(await pageText(await app.fetch(path))).toContain("You're #1 in line");
  });

  it("the welcome message carries the place computed in the confirmation's batch, and its link opens the status page", async () => {
    const ids = await confirmedLine(6);
    await setReferrals(ids[5]!, 1); // #6 moves to key 1: a tie with #1, so second.
    const id = await seed({ email: "newcomer@example.com" });
    await app.db.batch([outboxInsert(app.db, { idempotencyKey: `confirm:${id}:signup`, kind: "confirm", recipient: "newcomer@example.com", waitlist: { id }, payload: { consentRequest: true } })]);
    await deliver();

    // The confirmation message, as the person receives it: its link leads to the Confirm button.
    const confirmMessage = (await standin.deliveries()).find((d) => d.to.includes("newcomer@example.com"))!;
    expect(confirmMessage.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const confirmPath = linkIn(confirmMessage.html!, "/waitlist/confirm");
    expect(await pageText(await app.fetch(confirmPath))).toContain(englishT("status.confirm.button"));
    expect((await post(confirmPath, {})).status).toBe(302);

    await deliver();
    const welcome = (await standin.deliveries()).filter((d) => d.to.includes("newcomer@example.com")).at(-1)!;
    expect(welcome.subject).toContain("waitlist");
    expect(welcome.html).toContain("You are #7 of 7");
    expect(welcome.html).toContain(`${SITE_URL}/waitlist?ref=`);
    const statusPage = await app.fetch(linkIn(welcome.html!, "/waitlist/status"));
    expect(statusPage.status).toBe(200);
    expect(await pageText(statusPage)).toContain("You're #7 in line");
  });
});

describe("/waitlist/status", () => {
  it("shows a confirmed person their referral count and an absolute referral link on SITE_URL", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1, referralCode: "abc123def", referralCount: 2, email: "ada@example.com" });
    const response = await app.fetch(await linkPath("status", id));
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await pageText(response);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(`value="${SITE_URL}/waitlist?ref=abc123def"`);
    expect(html).toMatch(/data-testid="referral-count">2</);
    expect(html).toContain("ada@example.com");
    expect(html).toMatch(/href="\/waitlist\/unsubscribe\?token=[^"]+"/);
  });

  it("saves the email preferences and says so", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1, wantsAndroid: true });
    const path = await linkPath("status", id);
    const response = await post(path, { intent: "preferences", wants_invitations: "yes", wants_macos: "yes", wants_chrome_extension: "yes" });
    expect(response.status).toBe(200);
    expectPrivate(response);
    expect(await pageText(response)).toContain(englishT("status.preferences.saved"));
    expect(await entry(id)).toMatchObject({ wants_updates: 0, wants_invitations: 1, wants_android: 0, wants_macos: 1, wants_chrome_extension: 1 });
    const page = await pageText(await app.fetch(path));
    const checkbox = (field: string) => new RegExp(`<input[^>]*id="${field}"[^>]*>`).exec(page)![0];
    expect(checkbox("wants_macos")).toContain('checked=""');
    expect(checkbox("wants_updates")).not.toContain("checked");
  });

  it("tells a pending person to confirm first, and shows no place", async () => {
    const id = await seed();
    const response = await app.fetch(await linkPath("status", id));
    expect(response.status).toBe(200);
    const html = await pageText(response);
    expect(html).toContain(englishT("status.entry.pendingTitle"));
    expect(html).not.toContain("place-in-line");
    expect((await post(await linkPath("status", id), { intent: "preferences", wants_macos: "yes" })).status).toBe(409);
    expect((await entry(id))!.wants_macos).toBe(0);
  });

  it("tells an unsubscribed person so, and lets them rejoin: new consent recorded, suppression lifted, welcomed", async () => {
    await confirmedLine(2);
    const id = await seed({ status: "confirmed", lineSeq: 3 });
    const email = (await entry(id))!.email as string;
    await oneClick(await linkPath("unsubscribe", id));
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, email)).toBe(true);

    const path = await linkPath("status", id);
    const html = await pageText(await app.fetch(path));
    expect(html).toContain(englishT("status.unsubscribed.title"));
    expect(html).toContain("Rejoin the waitlist");
    expect(html).not.toContain("place-in-line");

    const rejoined = await post(path, { intent: "resubscribe" });
    expect(rejoined.status).toBe(200);
    const after = await pageText(rejoined);
    expect(after).toContain(englishT("status.unsubscribed.resubscribed"));
    expect(after).toContain("You're #3 in line");
    expect(await entry(id)).toMatchObject({ status: "confirmed", line_seq: 3, unsubscribed_at: null, consent_form: "status_page", consent_page: "/waitlist/status", consent_wording: "status-page-rejoin-v1" });
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, email)).toBe(false);
    expect((await outboxOf(id)).filter((row) => row.kind === "welcome" && row.status === "queued")).toHaveLength(1);
    // Rejoining twice changes nothing more.
    expect((await post(path, { intent: "resubscribe" })).status).toBe(409);
  });

  it("an expired status link shows nothing", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1, email: "expired.person@example.com" });
    const response = await app.fetch(await expiredPath("status", id));
    expect(response.status).toBe(410);
    expectPrivate(response);
    const html = await pageText(response);
    expect(html).toContain(englishT("status.entry.expiredTitle"));
    expect(html).not.toContain("expired.person");
    expect((await post(await expiredPath("status", id), { intent: "delete", confirm: "yes" })).status).toBe(410);
    expect(await entry(id)).not.toBeNull();
  });

  describe("Delete my data", () => {
    it("needs the confirming checkbox", async () => {
      const id = await seed({ status: "confirmed", lineSeq: 1 });
      const response = await post(await linkPath("status", id), { intent: "delete" });
      expect(response.status).toBe(400);
      expect(await pageText(response)).toContain(englishT("status.delete.confirmRequired"));
      expect(await entry(id)).not.toBeNull();
    });

    it("removes the entry and its outbox rows, so its links open nothing; others keep their entries and credit", async () => {
      const referrer = await seed({ status: "confirmed", lineSeq: 1 });
      const id = await seed({ status: "pending", referredBy: referrer });
      await post(await linkPath("confirm", id), {});
      const friend = await seed({ referredBy: id });
      await app.db.batch([outboxInsert(app.db, { idempotencyKey: `extra:${id}`, kind: "status_link", recipient: "x@example.com", waitlist: { id } })]);
      expect((await outboxOf(id)).length).toBe(2);
      const email = (await entry(id))!.email as string;
      const statusPath = await linkPath("status", id);

      const response = await post(statusPath, { intent: "delete", confirm: "yes" });
      expect(response.status).toBe(302);
      expectPrivate(response);
      expect(response.headers.get("Location")).toBe("/waitlist/status?deleted=1");
      expect(await entry(id)).toBeNull();
      expect(await outboxOf(id)).toEqual([]);
      expect(await app.db.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>()).toEqual({ n: 0 });
      expect(await entry(friend)).toMatchObject({ referred_by: null });
      expect((await entry(referrer))!.referral_count).toBe(1);
      expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, email)).toBe(true);

      const goodbye = await app.fetch("/waitlist/status?deleted=1");
      expect(goodbye.status).toBe(200);
      expectPrivate(goodbye);
      expect(await pageText(goodbye)).toContain(englishT("status.entry.deletedTitle"));
      for (const path of [statusPath, await linkPath("confirm", id)]) expect((await app.fetch(path)).status).toBe(400);
    });
  });
});

// ---- /waitlist/unsubscribe -----------------------------------------------------------------------

describe("/waitlist/unsubscribe", () => {
  it("GET shows the Unsubscribe button and the way to the preferences (a fresh link by email, never a status link), and changes nothing", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1 });
    const response = await app.fetch(await linkPath("unsubscribe", id));
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await pageText(response);
    expect(html).toContain(englishT("status.unsubscribe.button"));
    expect(html).toContain('href="/waitlist/link"');
    expect(html).not.toContain("/waitlist/status?token=");
    expect((await entry(id))!.status).toBe("confirmed");
  });

  it("RFC 8058 one-click (no cookies, no Origin) answers 2xx: unsubscribed, queued mail cancelled, address suppressed; repeating is harmless", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1 });
    const email = (await entry(id))!.email as string;
    await app.db.batch([
      outboxInsert(app.db, { idempotencyKey: `queued:${id}`, kind: "status_link", recipient: email, waitlist: { id } }),
      outboxInsert(app.db, { idempotencyKey: `sent:${id}`, kind: "welcome", recipient: email, waitlist: { id } }),
      app.db.prepare("UPDATE email_outbox SET status = 'sent' WHERE idempotency_key = ?1").bind(`sent:${id}`),
    ]);
    const path = await linkPath("unsubscribe", id);

    const response = await oneClick(path);
    expect(response.status).toBe(200);
    expectPrivate(response);
    expect(await pageText(response)).toContain(englishT("status.unsubscribed.title"));
    const row = (await entry(id))!;
    expect(row.status).toBe("unsubscribed");
    expect(row.unsubscribed_at).toBeTruthy();
    expect((await outboxOf(id)).map((r) => [r.idempotency_key, r.status])).toEqual([
      [`queued:${id}`, "cancelled"],
      [`sent:${id}`, "sent"],
    ]);
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, email)).toBe(true);

    const again = await oneClick(path);
    expect(again.status).toBe(200);
    expect((await entry(id))!.unsubscribed_at).toBe(row.unsubscribed_at);
    expect(await pageText(await app.fetch(path))).toContain(englishT("status.unsubscribed.title"));
  });

  it("a pending entry that unsubscribes is deleted (it never confirmed) and suppressed; a repeat still answers 2xx", async () => {
    const id = await seed();
    const email = (await entry(id))!.email as string;
    await app.db.batch([outboxInsert(app.db, { idempotencyKey: `confirm:${id}`, kind: "confirm", recipient: email, waitlist: { id } })]);
    const path = await linkPath("unsubscribe", id);
    expect((await oneClick(path)).status).toBe(200);
    expect(await entry(id)).toBeNull();
    expect(await outboxOf(id)).toEqual([]);
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, email)).toBe(true);
    expect((await oneClick(path)).status).toBe(200);
    expect((await app.fetch(path)).status).toBe(200);
  });

  it("the page's own button unsubscribes too", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1 });
    const response = await post(await linkPath("unsubscribe", id), { intent: "unsubscribe" });
    expect(response.status).toBe(200);
    expect((await entry(id))!.status).toBe("unsubscribed");
  });

  it("an expired unsubscribe link still unsubscribes (leaving must always work) but opens nothing else", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1 });
    const path = await expiredPath("unsubscribe", id);
    const page = await pageText(await app.fetch(path));
    expect(page).toContain(englishT("status.unsubscribe.button"));
    expect(page).not.toContain("/waitlist/status?token=");
    const response = await oneClick(path);
    expect(response.status).toBe(200);
    expect(await pageText(response)).not.toContain("/waitlist/status?token=");
    expect((await entry(id))!.status).toBe("unsubscribed");
  });

  it("a forged cross-origin POST is still refused, here and elsewhere", async () => {
    const id = await seed({ status: "confirmed", lineSeq: 1 });
    const forged = (path: string, headers: Record<string, string>, body = "List-Unsubscribe=One-Click") =>
      app.fetch(new Request(new URL(path, "http://127.0.0.1:8788"), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body }));
    const unsubscribe = await linkPath("unsubscribe", id);
    const status = await linkPath("status", id);
    for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }] as Record<string, string>[]) {
      expect((await forged(unsubscribe, headers)).status, JSON.stringify(headers)).toBe(403);
      expect((await forged(status, headers, `token=${tokenIn(status)}&intent=delete&confirm=yes`)).status).toBe(403);
      expect((await forged("/contact", headers, "name=A&email=a%40example.com&subject=Hi&message=Hello%20there%20friend")).status).toBe(403);
      expect((await forged("/waitlist", headers, "email=victim%40example.com")).status).toBe(403);
    }
    expect(await entry(id)).toMatchObject({ status: "confirmed" });
  });
});
