/**
 * The beta funnel on the analytics page (issue 31, ADR 0055), end to end in Chromium, with and without
 * JavaScript (this file runs in both projects): a person signs up, confirms from the email and is
 * invited by the owner, and the funnel of today's range (asked for with its GET form) counts them once
 * at each step. Email is on in a stack of this file's own (email-stack.ts); the "inbox" is the Resend
 * stand-in. Also the screenshots of the funnel at 320, 768 and 1280 px, with nothing wider than the screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { TESTFLIGHT_LINK } from "~/lib/outreach-settings";
import { ENTRY_PAGE_TEXT } from "../support/spec-texts";
import { linkInMail, newPerson, startEmailStack, type EmailStack } from "./email-stack";
import { uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";
import { addStackOwner, signInOnStack } from "./admin-helpers";

const OWNER = { email: "funnel-owner@example.test", password: "funnel owner password 2026" };

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
  await addStackOwner(stack, OWNER);
  await stack.db.prepare("INSERT INTO site_settings (key, value) VALUES (?1, ?2)").bind(TESTFLIGHT_LINK.key, "https://testflight.apple.com/join/E2eTest3").run();
});
test.afterAll(async () => {
  await stack?.close();
});

/** The funnel of today (UTC), asked for through the page's date range form. */
async function funnelOfToday(page: Page, javaScriptEnabled: boolean) {
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`${stack.origin}/admin/analytics`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/analytics\\?from=${today}&to=${today}$`));
  const funnel = page.getByTestId("beta-funnel");
  await expect(funnel.getByTestId("beta-funnel-basis")).toContainText(`from ${today} to ${today}`);
  return funnel;
}

/** Sign-ups, confirmed and invited as the funnel shows them. */
async function steps(page: Page, javaScriptEnabled: boolean) {
  const funnel = await funnelOfToday(page, javaScriptEnabled);
  const count = async (step: string) => (await funnel.getByTestId(`beta-funnel-${step}`).textContent())?.trim();
  return { signups: await count("signups"), confirmed: await count("confirmed"), invited: await count("invited") };
}

test("a person signs up, confirms and is invited: the funnel counts them once at each step", async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInOnStack(owner, stack, OWNER, javaScriptEnabled);
  expect(await steps(owner, javaScriptEnabled)).toEqual({ signups: "0", confirmed: "0", invited: "0" });

  // They sign up with the /waitlist form.
  const email = uniqueEmail("funnel");
  const person = await newPerson(browser, javaScriptEnabled);
  await person.goto(`${stack.origin}/waitlist`);
  if (javaScriptEnabled) await waitForHydration(person);
  await waitlistSection(person).getByLabel("Name (optional)").fill("Fran Funnel");
  await waitlistSection(person).getByLabel("Email address").fill(email);
  await waitlistSubmit(person).click();
  await expect(person.getByTestId("waitlist-welcome")).toBeVisible();
  expect(await steps(owner, javaScriptEnabled)).toEqual({ signups: "1", confirmed: "0", invited: "0" });

  // They confirm from the email.
  await person.setContent((await stack.mailTo(email, /^Confirm your email/)).html!);
  await person.locator(`a[href^="${stack.origin}/waitlist/confirm?"]`).first().click();
  await person.waitForURL((url) => url.href.startsWith(`${stack.origin}/waitlist/confirm?`));
  if (javaScriptEnabled) await waitForHydration(person);
  await person.getByRole("button", { name: ENTRY_PAGE_TEXT.confirmButton }).click();
  await expect(person).toHaveURL(/\/waitlist\/status\?token=/);
  expect(await steps(owner, javaScriptEnabled)).toEqual({ signups: "1", confirmed: "1", invited: "0" });

  // The owner invites them from their page; the invitation reaches their inbox.
  await owner.goto(`${stack.origin}/admin/beta-testers`);
  await owner.getByLabel("Search").fill(email);
  await owner.getByRole("button", { name: "Apply" }).click();
  await owner.getByTestId("beta-tester-row").getByRole("link", { name: email }).click();
  if (javaScriptEnabled) await waitForHydration(owner);
  await owner.getByRole("button", { name: "Invite now" }).click();
  await expect(owner.getByTestId("flash")).toContainText("Queued 1 invitation.");
  const invitation = await stack.mailTo(email, /invitation/);
  // The invitation carries no tracking: no pixel, and its TestFlight link goes straight to Apple.
  expect(invitation.html).not.toMatch(/<img[^>]+(width="1"|height="1")/);
  expect(linkInMail(invitation, "https://testflight.apple.com/")).toBe("https://testflight.apple.com/join/E2eTest3");
  // Invited is recorded when the provider accepted it, just after the stand-in received it.
  await expect.poll(async () => (await stack.db.prepare("SELECT invited_at FROM waitlist WHERE email = ?1").bind(email).first<{ invited_at: string | null }>())?.invited_at).toBeTruthy();

  expect(await steps(owner, javaScriptEnabled)).toEqual({ signups: "1", confirmed: "1", invited: "1" });
  const funnel = owner.getByTestId("beta-funnel");
  await expect(funnel.getByTestId("beta-funnel-confirmed-rate")).toHaveText("100%");
  await expect(funnel.getByTestId("beta-funnel-invited-rate")).toHaveText("100%");
  await expect(funnel.getByTestId("beta-funnel-notes")).toContainText("Installs are counted by App Store Connect, not by us.");
  await expect(funnel.getByTestId("beta-funnel-by-form").locator('tr[data-split="main_waitlist_section"] td')).toHaveText(["1", "1100%", "0—", "1100%"]);
});

/** A fortnight in October with a previous one, for the screenshots: sign-ups, confirmations, referrals, invitations, visitors and variants. */
async function seedFortnight() {
  const rows: string[] = [];
  for (let i = 0; i < 60; i++) {
    const current = i < 36;
    const day = current ? 1 + (i % 14) : 17 + (i % 14);
    const month = current ? "10" : "09";
    const at = `2026-${month}-${String(day).padStart(2, "0")}T1${i % 10}:00:00.000Z`;
    const confirmed = i % 4 !== 0;
    const utm = ["", "newsletter", "producthunt", "a-rather-long-utm-source-from-a-partner-site"][i % 4];
    const variants = JSON.stringify({ hero_headline: i % 2 ? "control" : "benefit_focused", waitlist_cta: ["control", "exclusive", "community"][i % 3] });
    rows.push(
      `('shot${i}@screens.example', 'beta_testing', '${i % 5 === 0 ? "promotion_page" : "main_waitlist_section"}', json_object('utm_source', '${utm}'), '${at}',
        '${confirmed ? "confirmed" : "pending"}', ${confirmed ? `'${at}'` : "NULL"}, ${confirmed ? 1000 + i : "NULL"}, 'shotcode${i}',
        ${confirmed && i % 3 === 0 ? `'${at}'` : "NULL"}, '${variants}')`,
    );
  }
  await stack.db.exec(
    `INSERT INTO waitlist (email, intent, source, metadata, created_at, status, confirmed_at, line_seq, referral_code, invited_at, signup_variants) VALUES ${rows.join(",").replace(/\s+/g, " ")}`,
  );
  // One in six came through the first one's referral link.
  await stack.db.exec(
    "UPDATE waitlist SET referred_by = (SELECT id FROM waitlist WHERE email = 'shot0@screens.example') WHERE email LIKE 'shot%@screens.example' AND CAST(substr(email, 5, instr(email, '@') - 5) AS INTEGER) % 6 = 1",
  );
  const visitorDays: string[] = [];
  for (let d = 0; d < 28; d++) {
    const day = d < 14 ? `2026-10-${String(1 + d).padStart(2, "0")}` : `2026-09-${String(17 + d - 14).padStart(2, "0")}`;
    for (let v = 0; v < (d < 14 ? 30 : 22); v++) visitorDays.push(`('*', 'visitor_hash', '${day}', 'v${d}-${v}', 1)`);
  }
  await stack.analytics.exec(`INSERT INTO analytics_daily_counts (name, facet, day, value, n) VALUES ${visitorDays.join(",")}`);
  const served = [
    ["hero_headline", "control", 210],
    ["hero_headline", "benefit_focused", 205],
    ["waitlist_cta", "control", 140],
    ["waitlist_cta", "exclusive", 135],
    ["waitlist_cta", "community", 142],
  ].map(([test, variant, n]) => `('ab_test_served', 'ab_variant', '2026-10-03', '["${test}","${variant}"]', ${n})`);
  await stack.analytics.exec(`INSERT INTO analytics_daily_counts (name, facet, day, value, n) VALUES ${served.join(",")}`);
}

test("screenshots of the funnel at 320, 768 and 1280 px, with nothing wider than the screen", async ({ browser, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, "one set of screenshots is enough");
  await seedFortnight();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOnStack(page, stack, OWNER, true);
  for (const width of [320, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${stack.origin}/admin/analytics?from=2026-10-01&to=2026-10-14`);
    await waitForHydration(page);
    const funnel = page.getByTestId("beta-funnel");
    await expect(funnel.getByTestId("beta-funnel-signups")).toHaveText("36");
    await expect(funnel.getByTestId("beta-funnel-visitors")).toHaveText("420");
    await funnel.screenshot({ path: testInfo.outputPath(`funnel-${width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page at ${width} px`).toBeLessThanOrEqual(0);
  }
  await context.close();
});
