/**
 * Status links that can be revoked, and recovered (issue 30, ADR 0045), through the real pipeline and
 * Remix build on a real D1 in workerd, with email on (Resend, pointed at the stand-in on 127.0.0.1) and
 * the real sender delivering the outbox:
 * - "Sign out old links" on the status page: every earlier link refused, the new one only by email;
 * - the unsubscribe page and the RFC 8058 one-click answer carry no status link;
 * - "Email me my link" (/waitlist/link): the same answer for members and strangers, mail only to a
 *   confirmed address that is not suppressed, limited per inbox and per client.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { suppress } from "~/features/email/suppression.server";
import { serverT } from "~/lib/i18n/catalogues.server";
import { englishT } from "../support/english";
import { RATE_LIMIT_MESSAGE, VALIDATION_MESSAGES } from "~/lib/messages";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { createTestApp, formPost, runner, type TestApp } from "../support/app";
import { startResendStandin, type ResendStandin } from "../support/standins";
import { entryLinks, pageText, seedConfirmedLine, seedEntry, tokenIn } from "../support/waitlist-entries";

let app: TestApp;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = emailVariables(standin);
  // The companion Worker's limiter, as in production: the per-inbox limits are sliding windows there.
  app = await createTestApp({ ...vars, RATE_LIMITER: runner.RATE_LIMITER });
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));
  await standin.reset();
});

const { linkPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });
const post = (path: string, fields: Record<string, string> = {}) => app.fetch(formPost(path, { token: tokenIn(path), ...fields }));
const outbox = async () => (await app.db.prepare("SELECT kind, recipient, status, payload FROM email_outbox ORDER BY id").all<Record<string, string>>()).results;

async function deliver() {
  await deliverDueEmail({ DB: app.db, ...vars }, { deadlineMs: 10_000 });
  await standin.whenIdle();
}

/** The status page link in a delivered message, as a path. */
function statusLinkIn(html: string): string {
  const match = new RegExp(`href="${SITE_URL.replace(/\./g, "\\.")}(/waitlist/status\\?token=[^"]+)"`).exec(html);
  if (!match) throw new Error("no status link in the message");
  return match[1]!.replace(/&amp;/g, "&");
}

/** A page's <main>, where everything about a person would be. */
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

// ---- Sign out old links --------------------------------------------------------------------------

describe("Sign out old links", () => {
  it("an old status link after 'sign out old links': refused; the new link arrives by email only, and works", async () => {
    const [, id] = await seedConfirmedLine(app.db, 2);
    const email = (await app.db.prepare("SELECT email FROM waitlist WHERE id = ?1").bind(id).first<{ email: string }>())!.email;
    const old = await linkPath("status", id!);
    const oldConfirm = await linkPath("confirm", id!);
    const oldUnsubscribe = await linkPath("unsubscribe", id!);
    expect((await app.fetch(old)).status).toBe(200);

    const signedOut = await post(old, { intent: "sign-out" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/waitlist/status?signed-out=1");
    const landing = await app.fetch(signedOut.headers.get("Location")!);
    expect(landing.status).toBe(200);
    const landed = await pageText(landing);
    expect(landed).toContain(englishT("status.entry.signedOutTitle"));
    expect(mainOf(landed)).not.toContain("token=");
    expect(landed).not.toContain(email);

    // Every earlier link is refused, for reading and for changing anything, the confirmation link too.
    for (const path of [old, oldConfirm]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(400);
      const html = await pageText(response);
      expect(html).toContain(englishT("status.page.invalidTitle"));
      expect(html).not.toContain(email);
      expect(mainOf(html)).not.toContain("/waitlist/status?token=");
    }
    expect((await post(old, { intent: "delete", confirm: "yes" })).status).toBe(400);
    expect((await post(old, { intent: "sign-out" })).status).toBe(400);
    expect(await app.db.prepare("SELECT link_version FROM waitlist WHERE id = ?1").bind(id).first()).toEqual({ link_version: 1 });

    // The new link went to the inbox, once.
    expect(await outbox()).toEqual([{ kind: "status_link", recipient: email, status: "queued", payload: '{"signedOut":true}' }]);
    await deliver();
    const [message] = await standin.deliveries();
    expect(message!.to).toEqual([email]);
    expect(message!.subject).toBe("Your new LinkVault status page link");
    const fresh = statusLinkIn(message!.html!);
    const page = await app.fetch(fresh);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("You're #2 in line");

    // Signing out from the new link revokes it in turn; leaving still works with the oldest link.
    expect((await post(fresh, { intent: "sign-out" })).status).toBe(302);
    expect((await app.fetch(fresh)).status).toBe(400);
    expect((await post(oldUnsubscribe, { intent: "unsubscribe" })).status).toBe(200);
    expect(await app.db.prepare("SELECT status FROM waitlist WHERE id = ?1").bind(id).first()).toEqual({ status: "unsubscribed" });
  });

  it("the status page offers it to a confirmed person; it changes nothing when no email can be sent", async () => {
    const [id] = await seedConfirmedLine(app.db, 1);
    const path = await linkPath("status", id!);
    const html = await pageText(await app.fetch(path));
    expect(html).toContain('name="intent" value="sign-out"');

    const emailOff = app.withEnv({ EMAIL_API_KEY: undefined });
    const refused = await emailOff(formPost(path, { token: tokenIn(path), intent: "sign-out" }));
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain("your links stay as they are");
    expect((await app.fetch(path)).status).toBe(200);
    expect(await outbox()).toEqual([]);
  });

  it("is not offered to, and refused for, someone who left the list (no new link could reach them)", async () => {
    const id = await seedEntry(app.db, { status: "unsubscribed", lineSeq: 1, unsubscribedAt: "2026-02-01T00:00:00.000Z" });
    const path = await linkPath("status", id);
    expect(await pageText(await app.fetch(path))).not.toContain('value="sign-out"');
    expect((await post(path, { intent: "sign-out" })).status).toBe(409);
    expect((await app.fetch(path)).status).toBe(200);
  });
});

// ---- Unsubscribing hands out no status link ------------------------------------------------------

describe("the unsubscribe page and the one-click answer", () => {
  it("carry no status link, before, during and after unsubscribing", async () => {
    const [id] = await seedConfirmedLine(app.db, 1);
    const path = await linkPath("unsubscribe", id!);
    const oneClick = () =>
      app.fetch(new Request(new URL(path, "http://127.0.0.1:8788"), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
    const answers = [await app.fetch(path), await oneClick(), await oneClick(), await post(path, { intent: "unsubscribe" }), await app.fetch(path)];
    const pages = await Promise.all(answers.map(pageText));
    for (const [i, html] of pages.entries()) {
      expect(answers[i]!.status, `answer ${i}`).toBe(200);
      expect(html, `answer ${i}`).not.toContain("/waitlist/status?token=");
      // The only token on the page is the unsubscribe link's own.
      expect([...html.matchAll(/token=([A-Za-z0-9_.-]+)/g)].every((m) => m[1] === tokenIn(path)), `answer ${i}`).toBe(true);
    }
    expect(pages[1]).toContain(englishT("status.unsubscribed.title"));
  });
});

// ---- Email me my link ----------------------------------------------------------------------------

describe("Email me my link", () => {
  const ask = (email: string, ip = "198.51.100.20") => app.fetch(formPost("/waitlist/link", { email }, ip));
  /** What a fetcher (JavaScript on) receives. */
  const askAsData = (email: string, ip = "198.51.100.21") => app.fetch(formPost("/waitlist/link?_data=routes%2F(%24lang).waitlist_.link", { email }, ip));

  it("answers members and strangers alike, and mails only the confirmed address, whose link opens its status page", async () => {
    await seedConfirmedLine(app.db, 2);
    // One of each for the page (no JavaScript), one of each for a fetcher (JavaScript on).
    const people = (round: string) => ({ member: `member-${round}@example.com`, pending: `pending-${round}@example.com`, left: `left-${round}@example.com`, stranger: `stranger-${round}@example.com` });
    const [asPage, asData] = [people("page"), people("data")];
    for (const [i, round] of [asPage, asData].entries()) {
      await seedEntry(app.db, { email: round.member, status: "confirmed", lineSeq: 3 + i });
      await seedEntry(app.db, { email: round.pending });
      await seedEntry(app.db, { email: round.left, status: "unsubscribed", lineSeq: 10 + i });
    }
    const pageAddresses = Object.values(asPage);
    const dataAddresses = Object.values(asData);
    const pages = await Promise.all(pageAddresses.map((email, i) => ask(email, `198.51.100.${30 + i}`)));
    const data = await Promise.all(dataAddresses.map((email, i) => askAsData(email, `198.51.100.${40 + i}`)));
    const pageBodies = await Promise.all(pages.map(async (response, i) => mainOf(await pageText(response)).replaceAll(pageAddresses[i]!, "ADDRESS")));
    const dataBodies = await Promise.all(data.map(async (response, i) => (await response.text()).replaceAll(dataAddresses[i]!, "ADDRESS")));
    expect(pages.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(data.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(pageBodies).size).toBe(1);
    expect(new Set(dataBodies).size).toBe(1);
    expect(pageBodies[0]).toContain(englishT("statusLink.asked", { email: "ADDRESS" }));
    expect(JSON.parse(dataBodies[0]!)).toEqual({ state: "success", email: "ADDRESS" });
    for (const response of pages) expect(response.headers.get("Cache-Control")).toBe("no-store");

    await deliver();
    const delivered = await standin.deliveries();
    expect(delivered.map((d) => d.to).sort()).toEqual([[asData.member], [asPage.member]]);
    const toPageMember = delivered.find((d) => d.to.includes(asPage.member))!;
    const page = await app.fetch(statusLinkIn(toPageMember.html!));
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("You're #3 in line");
    expect(toPageMember.subject).toBe("Your LinkVault status page");
  });

  it("a suppressed address gets nothing, and is answered the same", async () => {
    await seedEntry(app.db, { email: "bounced@example.com", status: "confirmed", lineSeq: 1 });
    await (await suppress(app.db, vars.SUPPRESSION_HASH_SECRET!, "bounced@example.com", "bounced")).run();
    const response = await ask("bounced@example.com");
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain(englishT("statusLink.askedHint"));
    await deliver();
    expect(await standin.deliveries()).toEqual([]);
  });

  it("is limited per inbox, whatever the spelling and the client, the same for members and strangers", async () => {
    await seedEntry(app.db, { email: "ada.lovelace@gmail.com", status: "confirmed", lineSeq: 1 });
    expect((await ask("ada.lovelace@gmail.com", "198.51.100.50")).status).toBe(200);
    // Another spelling of the same inbox, from another network: refused, nothing queued.
    for (const [email, ip] of [["AdaLovelace+again@gmail.com", "203.0.113.77"], ["ada.lovelace@googlemail.com", "2001:db8:1::5"]] as const) {
      const refused = await ask(email, ip);
      expect(refused.status, email).toBe(429);
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      const minutes = Math.ceil(Number(refused.headers.get("Retry-After")) / 60);
      expect(minutes).toBe(10);
      expect(await pageText(refused)).toContain(
        "This address has asked for a link several times already. Please check its inbox and spam folder; you can ask again in 10 minutes.",
      );
    }
    // Asked from the German page, the refusal is German, with its minutes.
    const german = await app.fetch(formPost("/de/waitlist/link", { email: "ada.lovelace@gmail.com" }, "203.0.113.78"));
    expect(german.status).toBe(429);
    const germanText = serverT("de")("statusLink.tooManyForInbox", { minutes: 10 });
    expect(germanText).toContain("10 Minuten");
    expect(await pageText(german)).toContain(germanText);
    expect(await outbox()).toHaveLength(1);
    // A stranger's inbox is limited the same way, so the limit tells nothing either.
    expect((await ask("nobody@example.com", "198.51.100.51")).status).toBe(200);
    expect((await ask("nobody@example.com", "198.51.100.52")).status).toBe(429);
    expect(await outbox()).toHaveLength(1);
    // Each inbox is its own.
    expect((await ask("somebody@example.com", "198.51.100.53")).status).toBe(200);
  });

  it("is limited per client, and refuses a bad address with the form's message; nothing is stored", async () => {
    for (let i = 0; i < 10; i++) expect((await ask(`person${i}@example.com`, "198.51.100.60")).status).toBe(200);
    const limited = await ask("one.more@example.com", "198.51.100.60");
    expect(limited.status).toBe(429);
    expect(await pageText(limited)).toContain(RATE_LIMIT_MESSAGE);

    for (const bad of ["", "not-an-address", "a@b", "two words@example.com"]) {
      const response = await ask(bad, "198.51.100.61");
      expect(response.status, bad).toBe(400);
      expect(await pageText(response)).toContain(VALIDATION_MESSAGES.invalidEmail);
    }
    expect(await outbox()).toEqual([]);
  });

  it("is offered by /waitlist, /waitlist/link and a status link that no longer works (signed out, never valid, expired)", async () => {
    const [id] = await seedConfirmedLine(app.db, 1);
    const stale = await linkPath("status", id!, Date.now() - 366 * 86_400_000);
    for (const path of ["/waitlist", "/waitlist/link", "/waitlist/status?token=nonsense", stale]) {
      const html = await pageText(await app.fetch(path));
      expect(html, path).toMatch(/<form [^>]*method="post" action="\/waitlist\/link"[^>]*>/);
      expect(html, path).toContain(englishT("statusLink.button"));
    }
  });

  it("says so when no email can be sent", async () => {
    await seedEntry(app.db, { email: "member@example.com", status: "confirmed", lineSeq: 1 });
    const response = await app.withEnv({ EMAIL_API_KEY: undefined })(formPost("/waitlist/link", { email: "member@example.com" }));
    expect(response.status).toBe(409);
    expect(await pageText(response)).toContain("We can't send email at the moment. Please try again later.");
    const inJapanese = await app.withEnv({ EMAIL_API_KEY: undefined })(formPost("/ja/waitlist/link", { email: "member@example.com" }));
    expect(inJapanese.status).toBe(409);
    expect(await pageText(inJapanese)).toContain("現在メールを送信できません。");
    expect(await outbox()).toEqual([]);
  });
});
