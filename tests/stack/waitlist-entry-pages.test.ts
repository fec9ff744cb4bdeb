/**
 * The markup of the private pages a person on the waitlist reaches from an email (/waitlist/confirm,
 * /status, /unsubscribe; ADR 0031) and of /waitlist/link (ADR 0045) in every state, as the dev server `npm start` runs serves them,
 * checked by the Nu Html Checker (java, hence Node). Email is on, pointed at the Resend stand-in on
 * 127.0.0.1; the links are signed with the server's secret, as an email carries them. What the pages
 * do is tested in workerd (tests/integration/waitlist-entry-pages.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResendStandin, type ResendStandin } from "../../scripts/lib/resend-standin.mjs";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { startFreshDevServer, type FreshDevServer } from "../support/fresh-dev-server.mjs";
import { checkHtml } from "../support/nu-html-checker";
import { postForm } from "../support/stack";
import { entryLinks, pageText, seedConfirmedLine, seedEntry, tokenIn } from "../support/waitlist-entries";

let standin: ResendStandin;
let server: FreshDevServer;
const { linkPath, expiredPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  server = await startFreshDevServer({ name: "entry-pages", vars: emailVariables(standin) });
});
afterAll(async () => {
  await server?.stop();
  await standin?.close();
});

describe("markup", () => {
  it("every page state is valid HTML (Nu Html Checker)", { timeout: 120_000 }, async () => {
    const db = server.d1("DB");
    const pages = new Map<string, string>();
    // The status says the page is in the state its label names (links signed with the server's secret).
    const add = async (label: string, status: number, answer: Promise<Response>) => {
      const response = await answer;
      expect(response.status, label).toBe(status);
      pages.set(label, await pageText(response));
    };
    const get = (path: string) => fetch(new URL(path, server.origin), { redirect: "manual" });
    const post = (path: string, fields: Record<string, string>) => postForm(server.origin, path, { token: tokenIn(path), ...fields });

    await seedConfirmedLine(db, 2);
    const pending = await seedEntry(db);
    const confirmed = await seedEntry(db, { status: "confirmed", lineSeq: 3, referralCount: 1 });
    const unsubscribed = await seedEntry(db, { status: "unsubscribed", lineSeq: 4 });
    await add("confirm ready", 200, get(await linkPath("confirm", pending)));
    await add("confirm expired", 410, get(await expiredPath("confirm", pending)));
    await add("confirm resent", 200, post(await expiredPath("confirm", pending), { intent: "resend" }));
    await add("confirm already", 200, get(await linkPath("confirm", confirmed)));
    await add("invalid", 400, get("/waitlist/confirm?token=x"));
    await add("status confirmed", 200, get((await linkPath("status", confirmed)) + "&confirmed=1"));
    await add("status preferences saved", 200, post(await linkPath("status", confirmed), { intent: "preferences" }));
    await add("status delete refused", 400, post(await linkPath("status", confirmed), { intent: "delete" }));
    await add("status pending", 200, get(await linkPath("status", pending)));
    await add("status unsubscribed", 200, get(await linkPath("status", unsubscribed)));
    await add("status expired", 410, get(await expiredPath("status", confirmed)));
    await add("goodbye", 200, get("/waitlist/status?deleted=1"));
    await add("unsubscribe ready", 200, get(await linkPath("unsubscribe", confirmed)));
    await add("unsubscribe done", 200, get(await linkPath("unsubscribe", unsubscribed)));
    // ADR 0045: a link that no longer works offers a fresh one; signing out; Email me my link.
    await add("status invalid", 400, get("/waitlist/status?token=x"));
    await add("signed out", 200, get("/waitlist/status?signed-out=1"));
    await add("email me my link", 200, get("/waitlist/link"));
    await add("email me my link asked", 200, postForm(server.origin, "/waitlist/link", { email: "someone@example.com" }));
    await add("email me my link refused", 400, postForm(server.origin, "/waitlist/link", { email: "not an address" }));
    // A notify-me request's pages (ADR 0048): about its platform, with no place in line.
    const notifyPending = await seedEntry(db, { intent: "waitlist", wantsAndroid: true });
    const notifyConfirmed = await seedEntry(db, { intent: "waitlist", wantsAndroid: true, status: "confirmed" });
    await add("notify-me confirm ready", 200, get(await linkPath("confirm", notifyPending)));
    await add("notify-me confirm already", 200, get(await linkPath("confirm", notifyConfirmed)));
    await add("notify-me status confirmed", 200, get((await linkPath("status", notifyConfirmed)) + "&confirmed=1"));

    expect(checkHtml(pages).errors).toEqual([]);
  });
});
