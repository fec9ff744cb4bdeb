/**
 * A referral counts once per person, ever (issue 30, ADR 0045), against the pen test's farming: "Delete
 * my data" and joining again through the same referral link, and plus-addressed or dotted spellings of
 * one inbox. Through the real pipeline and Remix build on a real D1 in workerd: the referred person
 * confirms with their confirmation link and deletes their data from their status page, as they would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { referralInboxHash } from "~/features/waitlist/referral-credit.server";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { createTestApp, formPost, type TestApp } from "../support/app";
import { startResendStandin, type ResendStandin } from "../support/standins";
import { entryLinks, pageText, seedConfirmedLine, seedEntry, tokenIn } from "../support/waitlist-entries";

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
  await app.db.batch(["email_outbox", "referral_credits", "waitlist", "email_suppressions", "site_settings"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));
});

const { linkPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });
const post = (path: string, fields: Record<string, string> = {}) => app.fetch(formPost(path, { token: tokenIn(path), ...fields }));
const referralCount = async (id: number) => (await app.db.prepare("SELECT referral_count AS n FROM waitlist WHERE id = ?1").bind(id).first<{ n: number }>())!.n;
const ledger = async () => (await app.db.prepare("SELECT inbox_hash, waitlist_id FROM referral_credits").all<{ inbox_hash: string; waitlist_id: number | null }>()).results;

/** Someone who came through `referrer`'s link confirms: their entry as the sign-up leaves it, then the Confirm button. */
async function joinThroughReferral(email: string, referrer: number): Promise<number> {
  const id = await seedEntry(app.db, { email, referredBy: referrer });
  const confirmed = await post(await linkPath("confirm", id));
  expect(confirmed.status, `confirming ${email}`).toBe(302);
  return id;
}

/** "Delete my data" from the status page. */
async function deleteData(id: number) {
  const deleted = await post(await linkPath("status", id), { intent: "delete", confirm: "yes" });
  expect(deleted.headers.get("Location")).toBe("/waitlist/status?deleted=1");
}

describe("a referral counts once per person, ever", () => {
  it("three delete-and-rejoin cycles: one credit", async () => {
    const [referrer] = await seedConfirmedLine(app.db, 1);
    for (let cycle = 1; cycle <= 3; cycle++) {
      const friend = await joinThroughReferral("friend@example.com", referrer!);
      expect(await referralCount(referrer!), `cycle ${cycle}`).toBe(1);
      await deleteData(friend);
    }
    expect(await referralCount(referrer!)).toBe(1);
    // The referrer's own page says so.
    expect(await pageText(await app.fetch(await linkPath("status", referrer!)))).toMatch(/data-testid="referral-count">1</);
  });

  it("plus-address and dotted spellings of one inbox credit once, whichever referrer they come through", async () => {
    const [referrer, other] = await seedConfirmedLine(app.db, 2);
    for (const email of ["victim+1@gmail.com", "victim+2@gmail.com", "v.i.c.t.i.m@gmail.com", "Victim+x@googlemail.com"]) await joinThroughReferral(email.toLowerCase(), referrer!);
    await joinThroughReferral("victim+3@gmail.com", other!);
    expect(await referralCount(referrer!)).toBe(1);
    expect(await referralCount(other!)).toBe(0);
    // Different people are different credits: another inbox, and a plus tag where the provider does not strip it.
    await joinThroughReferral("someone.else@gmail.com", referrer!);
    await joinThroughReferral("victim+1@example.com", referrer!);
    await joinThroughReferral("victim+2@example.com", referrer!);
    expect(await referralCount(referrer!)).toBe(4);
  });

  it("the pen test's farming (seven fake referrals) no longer moves a tester from #8 to #1 of 11", async () => {
    const line = await seedConfirmedLine(app.db, 10);
    const tester = line[7]!;
    const statusPage = await linkPath("status", tester);
    expect(await pageText(await app.fetch(statusPage))).toContain("You're #8 in line");
    // Four plus-addressed sign-ups and three delete-and-rejoin cycles of a fifth address: one person.
    for (const email of ["farm+1@gmail.com", "farm+2@gmail.com", "farm+3@gmail.com", "farm+4@gmail.com"]) await joinThroughReferral(email, tester);
    for (let cycle = 0; cycle < 3; cycle++) await deleteData(await joinThroughReferral("farm@gmail.com", tester));
    const html = await pageText(await app.fetch(statusPage));
    // One confirmed referral (8 - 5 = 3, a tie with #3, who confirmed first): #4 of the 14 in line.
    expect(html).toMatch(/data-testid="referral-count">1</);
    expect(html).toContain("You're #4 in line");
  });

  it("keeps only a keyed hash of the inbox, and after deletion not even which entry earned it", async () => {
    const [referrer] = await seedConfirmedLine(app.db, 1);
    const friend = await joinThroughReferral("Ada.Lovelace+list@gmail.com".toLowerCase(), referrer!);
    const hash = await referralInboxHash(vars.SUPPRESSION_HASH_SECRET!, "adalovelace@gmail.com");
    expect(await ledger()).toEqual([{ inbox_hash: hash, waitlist_id: friend }]);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    await deleteData(friend);
    expect(await ledger()).toEqual([{ inbox_hash: hash, waitlist_id: null }]);
    const everything = JSON.stringify((await app.db.prepare("SELECT * FROM referral_credits").all()).results);
    expect(everything).not.toMatch(/ada|lovelace|gmail/i);
  });

  it("an entry credited before the ledger existed keeps its inbox there when it deletes its data: joining again credits no one", async () => {
    const [referrer] = await seedConfirmedLine(app.db, 1);
    const old = await seedEntry(app.db, { email: "early@example.com", status: "confirmed", lineSeq: 2, referredBy: referrer });
    await app.db.batch([
      app.db.prepare("UPDATE waitlist SET referral_credited_at = confirmed_at WHERE id = ?1").bind(old),
      app.db.prepare("UPDATE waitlist SET referral_count = 1 WHERE id = ?1").bind(referrer),
    ]);
    expect(await ledger()).toEqual([]);
    await deleteData(old);
    expect(await ledger()).toHaveLength(1);
    await joinThroughReferral("early@example.com", referrer!);
    expect(await referralCount(referrer!)).toBe(1);
  });
});
