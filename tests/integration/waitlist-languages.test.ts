/**
 * The waitlist's pages in a language other than English (issue 32): every form posts to its own page
 * in that language, every redirect keeps it, dates follow it (Intl), the browser gets the page's
 * messages, and an unknown prefix changes nothing. Through the real pipeline and Remix build on D1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { createTestApp, formPost, type TestApp } from "../support/app";
import { englishT } from "../support/english";
import { startResendStandin, type ResendStandin } from "../support/standins";
import { entryLinks, pageText, seedEntry, shownMarkup, tokenIn } from "../support/waitlist-entries";

let app: TestApp;
let standin: ResendStandin;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  app = await createTestApp(emailVariables(standin));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));
});

const { linkPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });
const get = (path: string) => app.fetch(new Request(new URL(path, "http://127.0.0.1:8788")));
const post = (path: string, fields: Record<string, string>) => app.fetch(formPost(path, { token: tokenIn(path), ...fields }));
const statusOf = async (id: number) => (await app.db.prepare("SELECT status FROM waitlist WHERE id = ?1").bind(id).first<{ status: string }>())?.status ?? null;

describe("the sign-up forms in German", () => {
  it("post to the German pages, so the action knows the language the person signed up in", async () => {
    const waitlist = await pageText(await get("/de/waitlist?ref=abcdefghij"));
    expect(waitlist).toContain('action="/de/waitlist?ref=abcdefghij"');
    expect(waitlist).toContain('action="/de/waitlist/link"');

    const notify = await pageText(await get("/de/notify?platform=android&intent=waitlist"));
    expect(notify).toContain('action="/de/notify?platform=android&amp;intent=waitlist"');
  });

  it("link to the German pages", async () => {
    const id = await seedEntry(app.db, { intent: "waitlist", wantsAndroid: true, status: "confirmed" });
    const status = await pageText(await get(`/de${await linkPath("status", id)}`));
    expect(status).toContain('href="/de/waitlist"');
    expect(status).toMatch(/href="\/de\/waitlist\/unsubscribe\?token=/);

    // A tester's referral link brings friends to the waitlist in the page's language.
    const tester = await seedEntry(app.db, { status: "confirmed", lineSeq: 1, referralCode: "abcdefghij" });
    expect(await pageText(await get(`/de${await linkPath("status", tester)}`))).toContain(`value="${SITE_URL}/de/waitlist?ref=abcdefghij"`);
  });
});

describe("the private pages in German", () => {
  it("confirming lands on the German status page", async () => {
    const id = await seedEntry(app.db);
    const response = await post(`/de${await linkPath("confirm", id)}`, { intent: "confirm" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/de\/waitlist\/status\?token=[^&]+&confirmed=1$/);
  });

  it("deleting lands on the German goodbye page", async () => {
    const id = await seedEntry(app.db, { status: "confirmed", lineSeq: 1 });
    const response = await post(`/de${await linkPath("status", id)}`, { intent: "delete", confirm: "yes" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/de/waitlist/status?deleted=1");
  });

  it("write a date as the language does", async () => {
    const id = await seedEntry(app.db, { status: "unsubscribed", unsubscribedAt: "2026-02-03T00:00:00.000Z" });
    const path = await linkPath("status", id);
    expect(shownMarkup(await pageText(await get(path)))).toContain("on 3 Feb 2026.");
    expect(shownMarkup(await pageText(await get(`/de${path}`)))).toContain("3. Feb. 2026");
  });

  it("send the browser the messages of what the page shows, and no other page's", async () => {
    const id = await seedEntry(app.db, { status: "confirmed", lineSeq: 1 });
    const namespacesOf = async (path: string, route: string) => {
      const response = await get(`/de${path}&_data=${encodeURIComponent(`routes/($lang).${route}`)}`);
      const { messages } = await response.json<{ messages: Record<string, unknown> }>();
      return new Set(Object.keys(messages).map((messageId) => messageId.split(".")[0]));
    };
    // The status page offers "Email me my link" when its link does not work.
    expect(await namespacesOf(await linkPath("status", id), "waitlist_.status")).toEqual(new Set(["status", "statusLink"]));
    expect(await namespacesOf(await linkPath("unsubscribe", id), "waitlist_.unsubscribe")).toEqual(new Set(["status"]));
    expect(await namespacesOf("/waitlist?ref=abcdefghij", "waitlist")).toEqual(new Set(["waitlist", "statusLink"]));
  });

  it("under a prefix that is no language, a post is a 404 and changes nothing", async () => {
    const id = await seedEntry(app.db, { status: "confirmed", lineSeq: 1 });
    const response = await post(`/xx${await linkPath("status", id)}`, { intent: "delete", confirm: "yes" });
    expect(response.status).toBe(404);
    expect(await statusOf(id)).toBe("confirmed");
  });

  it("English keeps its paths and its words", async () => {
    const id = await seedEntry(app.db);
    const path = await linkPath("confirm", id);
    expect(await pageText(await get(path))).toContain(englishT("status.confirm.button"));
    const response = await post(path, { intent: "confirm" });
    expect(response.headers.get("Location")).toMatch(/^\/waitlist\/status\?/);
  });
});
