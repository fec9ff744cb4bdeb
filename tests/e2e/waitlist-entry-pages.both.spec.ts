/**
 * Double opt-in and the private waitlist pages, end to end in Chromium, with and without JavaScript
 * (this file runs in both projects): sign up, open the message, confirm, see the place in line, a
 * friend joins through the referral link and the place moves, unsubscribe in one click, delete my data.
 * Email is on in a stack of this file's own (email-stack.ts); the "inbox" is the Resend stand-in.
 *
 * The js project also walks every page state for axe-core (light and dark) and for sideways scrolling
 * at 320 px; with E2E_SCREENSHOTS=1 it shoots each for the eye (page-states.ts), with the confirmation,
 * welcome and status link messages, into /tmp/shots-pages/.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { NOTIFY_TEXT } from "../../app/lib/messages";
import { englishT } from "../support/english";
import { signToken } from "../../app/lib/signed-token.server";
import { seedEntry } from "../support/waitlist-entries";
import { E2E_EMAIL_TOKEN_SECRET, linkInMail, newPerson, startEmailStack, type EmailStack } from "./email-stack";
import { uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";
import { capture, visit } from "./page-states";

const CONFIRM_SUBJECT = /^Confirm your email/;
const WELCOME_SUBJECT = /waitlist$/;

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
});
test.afterAll(async () => {
  await stack?.close();
});

async function settle(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Signs up with the waitlist form at `url` (the /waitlist page, or a referral link to it). */
async function signUpWithForm(page: Page, javaScriptEnabled: boolean, url: string, name: string, email: string) {
  await page.goto(url);
  await settle(page, javaScriptEnabled);
  await waitlistSection(page).getByLabel("Name (optional)").fill(name);
  await waitlistSection(page).getByLabel("Email address").fill(email);
  await waitlistSubmit(page).click();
  await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
}

/** Opens a message as a mail client would show it, and follows its link that starts with `prefix`. */
async function openMailAndFollow(page: Page, javaScriptEnabled: boolean, html: string, prefix: string) {
  await page.setContent(html);
  await page.locator(`a[href^="${prefix}"]`).first().click();
  await page.waitForURL((url) => url.href.startsWith(prefix));
  await settle(page, javaScriptEnabled);
}

/** Someone ahead in line: signs up and confirms over plain HTTP, as quickly as a person could. */
async function joinAndConfirm(request: APIRequestContext, email: string) {
  const origin = stack.origin;
  await stack.signUp(email);
  const link = linkInMail(await stack.mailTo(email, CONFIRM_SUBJECT), `${origin}/waitlist/confirm?`);
  const confirmed = await request.post(link, { headers: { Origin: origin }, form: { token: new URL(link).searchParams.get("token")! }, maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
}

test("sign up, confirm from the email, see the place in line, refer a friend and move up, unsubscribe in one click, delete my data", async ({ browser, javaScriptEnabled, playwright }) => {
  test.setTimeout(300_000);
  const origin = stack.origin;
  const request = await playwright.request.newContext();
  const ahead = Array.from({ length: 6 }, (_, i) => uniqueEmail(`ahead${i}`));
  for (const email of ahead) await joinAndConfirm(request, email);

  // Ada signs up; the confirmation arrives; its link shows a Confirm button (opening it confirms nothing).
  const ada = await newPerson(browser, javaScriptEnabled);
  const adaEmail = uniqueEmail("ada");
  await signUpWithForm(ada, javaScriptEnabled, `${origin}/waitlist`, "Ada Lovelace", adaEmail);
  expect((await stack.entry(adaEmail))!.status).toBe("pending");
  const confirmation = await stack.mailTo(adaEmail, CONFIRM_SUBJECT);
  await openMailAndFollow(ada, javaScriptEnabled, confirmation.html!, `${origin}/waitlist/confirm?`);
  await expect(ada.getByRole("heading", { level: 1, name: "Ada, please confirm your email" })).toBeVisible();
  expect((await stack.entry(adaEmail))!.status).toBe("pending");

  // Confirm: the status page, with the place in line.
  await ada.getByRole("button", { name: englishT("status.confirm.button") }).click();
  await expect(ada).toHaveURL(/\/waitlist\/status\?token=/);
  await expect(ada.getByRole("heading", { level: 1, name: "You're #7 in line" })).toBeVisible();
  await expect(ada.getByText(englishT("status.entry.justConfirmed"))).toBeVisible();
  await expect(ada.getByTestId("place-in-line")).toHaveText("#7 of 7");
  await expect(ada.getByTestId("referral-count")).toHaveText("0");
  const adaStatus = ada.url();
  const referralLink = await ada.getByLabel("Your referral link").inputValue();
  expect(referralLink).toMatch(new RegExp(`^${origin}/waitlist\\?ref=[a-z2-9]{10}$`));
  const welcome = await stack.mailTo(adaEmail, WELCOME_SUBJECT);
  expect(welcome.html).toContain("You are #7 of 7");
  expect(welcome.html).toContain(referralLink);

  // Ben joins through Ada's referral link and confirms: Ada moves ahead by 5 places (7 - 5 = 2, a tie
  // with the second person, who confirmed first: #3).
  const ben = await newPerson(browser, javaScriptEnabled);
  const benEmail = uniqueEmail("ben");
  await ben.goto(referralLink);
  await expect(waitlistSection(ben).locator('input[name="ref"]')).toHaveValue(new URL(referralLink).searchParams.get("ref")!);
  await signUpWithForm(ben, javaScriptEnabled, referralLink, "Ben", benEmail);
  await openMailAndFollow(ben, javaScriptEnabled, (await stack.mailTo(benEmail, CONFIRM_SUBJECT)).html!, `${origin}/waitlist/confirm?`);
  await ben.getByRole("button", { name: englishT("status.confirm.button") }).click();
  await expect(ben.getByTestId("place-in-line")).toHaveText("#8 of 8");

  await ada.goto(adaStatus);
  await expect(ada.getByTestId("place-in-line")).toHaveText("#3 of 8");
  await expect(ada.getByTestId("referral-count")).toHaveText("1");

  // Unsubscribe in one click, as a mail provider does it (RFC 8058): a POST to the List-Unsubscribe URL,
  // no cookies, no Origin.
  const listUnsubscribe = /^<(.+)>$/.exec(welcome.headers["List-Unsubscribe"]!)![1]!;
  expect(welcome.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const provider = await playwright.request.newContext();
  const oneClick = await provider.post(listUnsubscribe, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: "List-Unsubscribe=One-Click" });
  expect(oneClick.status()).toBe(200);
  await provider.dispose();
  await ada.goto(adaStatus);
  await settle(ada, javaScriptEnabled);
  await expect(ada.getByRole("heading", { level: 1, name: englishT("status.unsubscribed.title") })).toBeVisible();
  expect((await stack.entry(adaEmail))!.status).toBe("unsubscribed");

  // Delete my data: the box must be ticked; then the goodbye page, and nothing left.
  const { id } = (await stack.entry(adaEmail))!;
  await ada.getByLabel("Yes, delete my data for good.").check();
  await ada.getByRole("button", { name: "Delete my data" }).click();
  await expect(ada.getByRole("heading", { level: 1, name: englishT("status.entry.deletedTitle") })).toBeVisible();
  expect(await stack.entry(adaEmail)).toBeNull();
  expect(await stack.db.prepare("SELECT count(*) AS n FROM email_outbox WHERE waitlist_id = ?1").bind(id).first<{ n: number }>()).toEqual({ n: 0 });
  await ada.goto(adaStatus);
  await expect(ada.getByRole("heading", { level: 1, name: englishT("status.page.invalidTitle") })).toBeVisible();
  await request.dispose();
});

test("preferences save, with and without JavaScript", async ({ browser, javaScriptEnabled, playwright }) => {
  const request = await playwright.request.newContext();
  const email = uniqueEmail("prefs");
  await joinAndConfirm(request, email);
  const { id } = (await stack.entry(email))!;
  const page = await newPerson(browser, javaScriptEnabled);
  await page.goto(`${stack.origin}${await statusPath(id)}`);
  await settle(page, javaScriptEnabled);
  await page.getByRole("switch", { name: "macOS app" }).check();
  await page.getByRole("switch", { name: "News and updates" }).uncheck();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText(englishT("status.preferences.saved"))).toBeVisible();
  const row = await stack.db.prepare("SELECT wants_updates, wants_macos, wants_invitations FROM waitlist WHERE id = ?1").bind(id).first();
  expect(row).toEqual({ wants_updates: 0, wants_macos: 1, wants_invitations: 1 });
  await request.dispose();
});

// ---- notify-me: its own list (issue 30, ADR 0048) ------------------------------------------------

const NOTIFY_WELCOME_SUBJECT = /^You'll hear from LinkVault/;

/** The notify form for Android from /home: the modal with JavaScript, the /notify page without. */
async function openAndroidNotify(page: Page, javaScriptEnabled: boolean) {
  await page.goto(`${stack.origin}/home`);
  await settle(page, javaScriptEnabled);
  await page.getByRole("link", { name: /Notify Me when Android/ }).click();
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/notify\?platform=android&intent=waitlist$/);
    return page.locator("main");
  }
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a notify-me request: an unticked news choice, then a confirmation, a confirm page and a status page about Android, and no place in line", async ({ browser, javaScriptEnabled, playwright }) => {
  test.setTimeout(300_000);
  const origin = stack.origin;
  const request = await playwright.request.newContext();
  await joinAndConfirm(request, uniqueEmail("tester"));

  const nia = await newPerson(browser, javaScriptEnabled);
  const form = await openAndroidNotify(nia, javaScriptEnabled);
  await expect(form.getByRole("checkbox", { name: NOTIFY_TEXT.updatesChoice })).not.toBeChecked();
  const email = uniqueEmail("nia");
  await form.getByLabel("Name").fill("Nia");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: NOTIFY_TEXT.submit }).click();
  await expect(form.getByRole("status")).toContainText("Android");
  const row = () => stack.db.prepare("SELECT intent, status, line_seq, wants_android, wants_updates, wants_invitations FROM waitlist WHERE email = ?1").bind(email).first();
  expect(await row()).toEqual({ intent: "waitlist", status: "pending", line_seq: null, wants_android: 1, wants_updates: 0, wants_invitations: 0 });

  // The confirmation speaks of Android, and so does the page its link opens.
  const confirmation = await stack.mailTo(email, CONFIRM_SUBJECT);
  expect(confirmation.text).toContain("asked to hear from LinkVault when the Android app is ready");
  await openMailAndFollow(nia, javaScriptEnabled, confirmation.html!, `${origin}/waitlist/confirm?`);
  await expect(nia.getByText("One click and we'll email you when the Android app is ready.")).toBeVisible();
  await expect(nia.getByText(/beta waitlist/)).toHaveCount(0);
  await nia.getByRole("button", { name: englishT("status.confirm.button") }).click();

  // The status page: Android, its preferences, the way into the beta; no place, no referral link.
  await expect(nia).toHaveURL(/\/waitlist\/status\?token=/);
  await expect(nia.getByRole("heading", { level: 1, name: "We'll email you when the Android app is ready" })).toBeVisible();
  await expect(nia.getByText(englishT("status.entry.justConfirmedNotify"))).toBeVisible();
  await expect(nia.getByTestId("place-in-line")).toHaveCount(0);
  await expect(nia.getByLabel("Your referral link")).toHaveCount(0);
  await expect(nia.getByRole("switch", { name: "Android app" })).toBeChecked();
  await expect(nia.getByRole("switch", { name: "News and updates" })).not.toBeChecked();
  await expect(nia.getByRole("switch", { name: "Beta invitations" })).toHaveCount(0);
  await expect(nia.getByRole("link", { name: "Join the beta waitlist" })).toHaveAttribute("href", "/waitlist");
  expect(await row()).toMatchObject({ status: "confirmed", line_seq: null });
  const welcome = await stack.mailTo(email, NOTIFY_WELCOME_SUBJECT);
  expect(welcome.subject).toBe("You'll hear from LinkVault when the Android app is ready");
  await request.dispose();
});

// ---- every state, for the eye and for axe ------------------------------------------------------

const SHOTS = "/tmp/shots-pages";

/** A link the site would send, signed here (the test knows the stack's secret): for states no email reaches quickly. */
async function signedPath(purpose: "confirm" | "status" | "unsubscribe", id: number, expiresAt: number): Promise<string> {
  return `/waitlist/${purpose}?token=${await signToken(E2E_EMAIL_TOKEN_SECRET, { purpose, subject: String(id), expiresAt })}`;
}
const statusPath = (id: number) => signedPath("status", id, Date.now() + 86_400_000);

/** A path of this file's stack, as a URL. */
const at = (path: string) => `${stack.origin}${path}`;

test.describe("every page state, light and dark: axe-core, no sideways scroll at 320 px (and screenshots on demand)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "screenshots and axe run once, in the js project");

  test("the confirmation: both messages, the Confirm page, confirmed, expired, resent, invalid", async ({ browser }) => {
    // Many states, each checked twice by axe: generous, so a busy machine cannot fail it.
    test.setTimeout(600_000);
    const origin = stack.origin;
    const page = await newPerson(browser, true);
    const found: string[] = [];

    const email = uniqueEmail("shots");
    await stack.signUp(email, { name: "Grace Hopper" });
    const confirmation = await stack.mailTo(email, CONFIRM_SUBJECT);
    await page.setContent(confirmation.html!);
    await capture(page, SHOTS, "email-confirm", found);
    const { id } = (await stack.entry(email))!;
    await visit(page, at(await statusPath(id)));
    await capture(page, SHOTS, "status-pending", found);
    const confirmLink = new URL(linkInMail(confirmation, `${origin}/waitlist/confirm?`));
    await visit(page, at(`${confirmLink.pathname}${confirmLink.search}`));
    await capture(page, SHOTS, "confirm-ready", found);

    await page.getByRole("button", { name: englishT("status.confirm.button") }).click();
    await expect(page.getByText(englishT("status.entry.justConfirmed"))).toBeVisible();
    await capture(page, SHOTS, "status-confirmed", found);
    await page.setContent((await stack.mailTo(email, WELCOME_SUBJECT)).html!);
    await capture(page, SHOTS, "email-welcome", found);
    await visit(page, at(await signedPath("confirm", id, Date.now() + 3_600_000)));
    await capture(page, SHOTS, "confirm-already-confirmed", found);
    await visit(page, at(await signedPath("confirm", id, Date.now() - 60_000)));
    await capture(page, SHOTS, "confirm-expired-already-confirmed", found);

    // An expired confirmation link of a pending person, and asking for a new one.
    const late = uniqueEmail("late");
    await stack.signUp(late);
    const lateId = (await stack.entry(late))!.id;
    await stack.db.prepare("UPDATE waitlist SET confirmation_sent_at = NULL WHERE id = ?1").bind(lateId).run();
    await visit(page, at(await signedPath("confirm", lateId, Date.now() - 60_000)));
    await capture(page, SHOTS, "confirm-expired", found);
    await page.getByRole("button", { name: englishT("status.confirm.resendButton") }).click();
    await expect(page.getByText(englishT("status.confirm.resent"))).toBeVisible();
    await capture(page, SHOTS, "confirm-resent", found);

    await visit(page, at("/waitlist/confirm?token=not-a-token"));
    await capture(page, SHOTS, "invalid-link", found);
    expect(found).toEqual([]);
  });

  test("notify-me: the modal and its page, both messages, the confirm page, the status page, and joining the beta from it", async ({ browser }) => {
    test.setTimeout(600_000);
    const origin = stack.origin;
    const page = await newPerson(browser, true);
    const found: string[] = [];

    const form = await openAndroidNotify(page, true);
    await form.getByLabel("Name").fill("Nia Notify");
    await capture(page, SHOTS, "notify-modal", found);
    await visit(page, at("/notify?platform=android&intent=waitlist"));
    await capture(page, SHOTS, "notify-page", found);

    const email = uniqueEmail("notify-shots");
    await stack.signUp(email, { name: "Nia Notify", source: "notification_modal", intent: "waitlist", platform: "android" });
    const confirmation = await stack.mailTo(email, CONFIRM_SUBJECT);
    await page.setContent(confirmation.html!);
    await capture(page, SHOTS, "email-notify-confirm", found);
    const confirmLink = new URL(linkInMail(confirmation, `${origin}/waitlist/confirm?`));
    await visit(page, at(`${confirmLink.pathname}${confirmLink.search}`));
    await capture(page, SHOTS, "confirm-notify-ready", found);
    await page.getByRole("button", { name: englishT("status.confirm.button") }).click();
    await expect(page.getByText(englishT("status.entry.justConfirmedNotify"))).toBeVisible();
    await capture(page, SHOTS, "status-notify", found);
    await page.setContent((await stack.mailTo(email, NOTIFY_WELCOME_SUBJECT)).html!);
    await capture(page, SHOTS, "email-notify-welcome", found);

    // A confirmed notify-me person (from before: the inbox limit allows one confirmation in 10 minutes)
    // joins the beta: their status page waits for the confirmation, which gives the place.
    const earlier = uniqueEmail("notify-earlier");
    const id = await seedEntry(stack.db, { email: earlier, intent: "waitlist", wantsAndroid: true, status: "confirmed" });
    await stack.signUp(earlier);
    await visit(page, at(await statusPath(id)));
    await expect(page.getByText("To join the beta, open the link we emailed you")).toBeVisible();
    await capture(page, SHOTS, "status-notify-joining-beta", found);
    const join = await stack.mailTo(earlier, CONFIRM_SUBJECT);
    expect(join.text).toContain("asked to join the LinkVault beta waitlist");
    const joinLink = new URL(linkInMail(join, `${origin}/waitlist/confirm?`));
    await visit(page, at(`${joinLink.pathname}${joinLink.search}`));
    await page.getByRole("button", { name: englishT("status.confirm.button") }).click();
    await expect(page.getByTestId("place-in-line")).toBeVisible();
    await expect(page.getByRole("switch", { name: "Android app" })).toBeChecked();
    await capture(page, SHOTS, "status-notify-joined-beta", found);
    expect(found).toEqual([]);
  });

  test("the status page and leaving: preferences, refused deletion, expired, unsubscribe, rejoin, goodbye", async ({ browser, playwright }) => {
    // Many states, each checked twice by axe: generous, so a busy machine cannot fail it.
    test.setTimeout(600_000);
    const request = await playwright.request.newContext();
    const page = await newPerson(browser, true);
    const found: string[] = [];
    const email = uniqueEmail("status-shots");
    await joinAndConfirm(request, email);
    const { id } = (await stack.entry(email))!;

    await visit(page, at(await statusPath(id)));
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText(englishT("status.preferences.saved"))).toBeVisible();
    await capture(page, SHOTS, "status-preferences-saved", found);
    await page.locator("#delete-confirm").evaluate((box) => box.removeAttribute("required"));
    await page.getByRole("button", { name: "Delete my data" }).click();
    await expect(page.getByText(englishT("status.delete.confirmRequired"))).toBeVisible();
    await capture(page, SHOTS, "status-delete-refused", found);
    await visit(page, at(await signedPath("status", id, Date.now() - 60_000)));
    await capture(page, SHOTS, "status-expired", found);

    await visit(page, at(await signedPath("unsubscribe", id, Date.now() + 3_600_000)));
    await capture(page, SHOTS, "unsubscribe-ready", found);
    await page.getByRole("button", { name: englishT("status.unsubscribe.button") }).click();
    await expect(page.getByRole("heading", { level: 1, name: englishT("status.unsubscribed.title") })).toBeVisible();
    await capture(page, SHOTS, "unsubscribe-done", found);
    await visit(page, at(await statusPath(id)));
    await capture(page, SHOTS, "status-unsubscribed", found);
    await page.getByRole("button", { name: "Rejoin the waitlist" }).click();
    await expect(page.getByText(englishT("status.unsubscribed.resubscribed"))).toBeVisible();
    await capture(page, SHOTS, "status-rejoined", found);

    await page.getByLabel("Yes, delete my data for good.").check();
    await page.getByRole("button", { name: "Delete my data" }).click();
    await expect(page.getByRole("heading", { level: 1, name: englishT("status.entry.deletedTitle") })).toBeVisible();
    await capture(page, SHOTS, "goodbye", found);
    await request.dispose();
    expect(found).toEqual([]);
  });

  test("getting a link back and signing out old ones: Email me my link (on /waitlist and its own page), signed out, a signed-out link, both messages", async ({ browser, playwright }) => {
    test.setTimeout(600_000);
    const request = await playwright.request.newContext();
    const page = await newPerson(browser, true);
    const found: string[] = [];
    const email = uniqueEmail("link-shots");
    await joinAndConfirm(request, email);
    const { id } = (await stack.entry(email))!;

    await visit(page, at("/waitlist"));
    await page.getByText(englishT("statusLink.disclosure")).click();
    await page.getByTestId("email-my-link").getByLabel("Your email").fill(email);
    await page.getByRole("button", { name: englishT("statusLink.button") }).click();
    await expect(page.getByText(englishT("statusLink.asked", { email }))).toBeVisible();
    await capture(page, SHOTS, "waitlist-email-my-link", found);
    await page.setContent((await stack.mailTo(email, /^Your LinkVault status page$/)).html!);
    await capture(page, SHOTS, "email-status-link", found);
    await visit(page, at("/waitlist/link"));
    await page.getByRole("button", { name: englishT("statusLink.button") }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await capture(page, SHOTS, "email-my-link-refused", found);

    const oldLink = await statusPath(id);
    await visit(page, at(oldLink));
    await page.getByRole("button", { name: "Sign out old links" }).click();
    await expect(page.getByRole("heading", { level: 1, name: englishT("status.entry.signedOutTitle") })).toBeVisible();
    await capture(page, SHOTS, "status-signed-out", found);
    await visit(page, at(oldLink));
    await capture(page, SHOTS, "status-link-signed-out", found);
    await page.setContent((await stack.mailTo(email, /^Your new LinkVault status page link$/)).html!);
    await capture(page, SHOTS, "email-status-link-signed-out", found);
    await request.dispose();
    expect(found).toEqual([]);
  });
});
