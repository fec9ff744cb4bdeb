/**
 * The waitlist's sign-up screens with double opt-in, end to end in Chromium, with and without
 * JavaScript (this file runs in both projects; ADR 0049, 0050): a form filled and sent as the page
 * loads is stored and its card says to check the inbox; a pending address sent again; a referral
 * link's page; the form first on a phone. Email is on in a stack of this file's own (email-stack.ts),
 * so its per-client limits count only these tests' sign-ups; the "inbox" is the Resend stand-in.
 *
 * The js project also checks these states with axe-core (light and dark) and for sideways scrolling at
 * 320 px; with E2E_SCREENSHOTS=1 it shoots them for the eye (page-states.ts) into /tmp/shots-screens/.
 */
import { expect, test, type Page } from "@playwright/test";
import { CONFIRMATION_RESEND_MS } from "../../app/features/waitlist/waitlist.server";
import { WAITLIST_FORM_MESSAGES, WAITLIST_SIGNED_UP_TEXT } from "../../app/lib/messages";
import { REFERRAL_INVITE_TEXT, WAITLIST_TEXT } from "../support/spec-texts";
import { newPerson, startEmailStack, type EmailStack } from "./email-stack";
import { uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";
import { capture, visit } from "./page-states";

const CONFIRM_SUBJECT = /^Confirm your email/;

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
});
test.afterAll(async () => {
  await stack?.close();
});

/** A path of this file's stack, as a URL. */
const at = (path: string) => `${stack.origin}${path}`;

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(at(path));
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Confirmation messages the "inbox" of `address` has received so far. */
const confirmationsTo = (address: string) => stack.standin.deliveries.filter((d) => d.to.includes(address) && CONFIRM_SUBJECT.test(d.subject)).length;

/** A fresh referral code, as the site makes them (10 of [a-z2-9] without 0, 1, l, o). */
const referralCode = () => Array.from({ length: 10 }, () => "abcdefghijkmnpqrstuvwxyz23456789"[Math.floor(Math.random() * 32)]).join("");

/**
 * A person who signed up over 10 minutes ago and has not confirmed: their confirmation is due again
 * (ADR 0031), and their inbox's limit window (ADR 0044) holds nothing of this run.
 */
async function pendingSinceLongAgo(email: string) {
  const old = new Date(Date.now() - CONFIRMATION_RESEND_MS - 60_000).toISOString();
  await stack.db
    .prepare("INSERT INTO waitlist (email, status, created_at, confirmation_sent_at, referral_code) VALUES (?1, 'pending', ?2, ?2, ?3)")
    .bind(email, old, referralCode())
    .run();
}

test("a form filled and sent as the page loads (autofill and a click) is stored, and the card says to check the inbox", async ({ browser, javaScriptEnabled }) => {
  const page = await newPerson(browser, javaScriptEnabled);
  const email = uniqueEmail("quick");
  // The server sees a form exactly 300 ms old, however slow this machine is (its real age is less
  // than that on a fast one, and could pass any threshold on a loaded one).
  await page.route(/\/(api\/)?waitlist$/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const form = new URLSearchParams(route.request().postData() ?? "");
    form.set("submissionTime", String(Date.now() - 300));
    await route.continue({ postData: form.toString() });
  });
  await page.goto(at("/waitlist"));
  // No wait of any kind: with JavaScript the click may land before hydration (a page post) or after.
  await waitlistSection(page).getByLabel("Email address").fill(email);
  await waitlistSubmit(page).click();

  const card = page.getByTestId("waitlist-welcome");
  await expect(card.getByRole("heading", { name: WAITLIST_SIGNED_UP_TEXT.pendingHeading })).toBeVisible();
  await expect(card.getByTestId("confirmation-sent")).toContainText("Please click it to confirm your sign-up.");
  await expect(card.getByText(WAITLIST_SIGNED_UP_TEXT.pendingNextSteps)).toBeVisible();
  for (const step of WAITLIST_TEXT.nextSteps) await expect(card.getByText(step)).toBeVisible();
  expect((await stack.entry(email))?.status).toBe("pending");
  await stack.mailTo(email, CONFIRM_SUBJECT);
});

test("a pending address sent again: the spec's message, and 'sent again' beside it only when a new link went out", async ({ browser, javaScriptEnabled }) => {
  const page = await newPerson(browser, javaScriptEnabled);
  const section = waitlistSection(page);
  async function sendAgain(email: string) {
    await open(page, "/waitlist", javaScriptEnabled);
    await section.getByLabel("Email address").fill(email);
    await waitlistSubmit(page).click();
    await expect(section.getByText(WAITLIST_FORM_MESSAGES.duplicate)).toBeVisible();
  }

  // Minutes after the first link nothing is sent again, and nothing says it was.
  const recent = uniqueEmail("again-recent");
  await stack.signUp(recent);
  await stack.mailTo(recent, CONFIRM_SUBJECT);
  await sendAgain(recent);
  await expect(section.getByText(WAITLIST_SIGNED_UP_TEXT.confirmationResent)).toHaveCount(0);
  expect(confirmationsTo(recent)).toBe(1);

  // Over 10 minutes after it, a new link goes out, and the form says so.
  const earlier = uniqueEmail("again-earlier");
  await pendingSinceLongAgo(earlier);
  await sendAgain(earlier);
  await expect(section.getByText(WAITLIST_SIGNED_UP_TEXT.confirmationResent)).toBeVisible();
  await stack.mailTo(earlier, CONFIRM_SUBJECT);
});

test("a referral link's page says a friend invited the visitor, never who, and keeps the code through an error answer", async ({ browser, javaScriptEnabled }) => {
  const referrerEmail = uniqueEmail("rosalind");
  await stack.signUp(referrerEmail, { name: "Rosalind Franklin" });
  const referrer = (await stack.entry(referrerEmail))!;
  const page = await newPerson(browser, javaScriptEnabled);
  const section = waitlistSection(page);

  await open(page, `/waitlist?ref=${referrer.referral_code}`, javaScriptEnabled);
  await expect(section.getByText(REFERRAL_INVITE_TEXT.title)).toBeVisible();
  await expect(section.getByText(REFERRAL_INVITE_TEXT.credit)).toBeVisible();
  expect(await page.content()).not.toMatch(new RegExp(`Rosalind|Franklin|${referrerEmail}`, "i"));

  // A mistyped address (refused by the browser, or by the server without JavaScript): the invitation stays.
  await section.getByLabel("Email address").fill("not an email");
  await waitlistSubmit(page).click();
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await expect(section.getByText(REFERRAL_INVITE_TEXT.title)).toBeVisible();
  const friend = uniqueEmail("friend");
  await section.getByLabel("Email address").fill(friend);
  await waitlistSubmit(page).click();
  await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
  expect((await stack.entry(friend))?.referred_by).toBe(referrer.id);

  // A code that is nobody's: no word of a friend.
  await open(page, "/waitlist?ref=zzzzzzzzzz", javaScriptEnabled);
  await expect(section.getByLabel("Email address")).toBeVisible();
  await expect(section.getByText(REFERRAL_INVITE_TEXT.title)).toHaveCount(0);
});

test("on a phone the /waitlist form comes right under the heading, its email field on the first screen", async ({ browser, javaScriptEnabled }) => {
  const phone = { width: 320, height: 568 };
  const page = await newPerson(browser, javaScriptEnabled, phone);
  await open(page, "/waitlist", javaScriptEnabled);
  const section = waitlistSection(page);
  const box = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!;
  const heading = await box(section.getByRole("heading", { level: 1 }));
  const form = await box(section.locator("form"));
  const email = await box(section.getByLabel("Email address"));
  const benefits = await box(section.getByText("Early Access", { exact: true }));
  expect(form.y).toBeGreaterThan(heading.y + heading.height);
  expect(form.y + form.height).toBeLessThan(benefits.y);
  expect(email.y + email.height).toBeLessThanOrEqual(phone.height);
});

test("every sign-up screen, light and dark: axe-core, no sideways scroll at 320 px (and screenshots on demand)", async ({ browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "screenshots and axe run once, in the js project");
  // Several states, each checked twice by axe: generous, so a busy machine cannot fail it.
  test.setTimeout(600_000);
  const shots = "/tmp/shots-screens";
  const page = await newPerson(browser, true);
  const section = waitlistSection(page);
  const found: string[] = [];
  const pending = uniqueEmail("shots-pending");
  await pendingSinceLongAgo(pending);

  await visit(page, at("/waitlist"));
  await capture(page, shots, "waitlist", found);
  await visit(page, at(`/waitlist?ref=${(await stack.entry(pending))!.referral_code}`));
  await expect(section.getByText(REFERRAL_INVITE_TEXT.title)).toBeVisible();
  await capture(page, shots, "waitlist-referral", found);
  await section.getByLabel("Name (optional)").fill("Ada Lovelace");
  await section.getByLabel("Email address").fill(uniqueEmail("shots-ada-with-a-rather-long-address"));
  await waitlistSubmit(page).click();
  await expect(page.getByRole("heading", { name: WAITLIST_SIGNED_UP_TEXT.pendingHeading })).toBeVisible();
  await capture(page, shots, "waitlist-check-inbox", found);

  await visit(page, at("/waitlist"));
  await section.getByLabel("Email address").fill(pending);
  await waitlistSubmit(page).click();
  await expect(section.getByText(WAITLIST_SIGNED_UP_TEXT.confirmationResent)).toBeVisible();
  await capture(page, shots, "waitlist-sent-again", found);
  expect(found).toEqual([]);
});
