/**
 * Getting back to one's status page, and locking others out of it (issue 30, ADR 0045), end to end in
 * Chromium, with and without JavaScript (this file runs in both projects): "Email me my link" from
 * /waitlist, and "Sign out old links" on the status page. Email is on in a stack of this file's own
 * (email-stack.ts); the "inbox" is the Resend stand-in.
 */
import { expect, test, type Page } from "@playwright/test";
import { englishT } from "../support/english";
import { WAITLIST_FORM_MESSAGES } from "~/lib/messages";
import { ENTRY_PAGE_TEXT } from "../support/spec-texts";
import { entryLinks, seedConfirmedLine, seedEntry } from "../support/waitlist-entries";
import { E2E_EMAIL_TOKEN_SECRET, linkInMail, newPerson, startEmailStack, type EmailStack } from "./email-stack";
import { uniqueEmail, waitForHydration, waitlistSubmit, WITHOUT_SERVICE_WORKER } from "./helpers";

test.use(WITHOUT_SERVICE_WORKER);

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
  // Two people ahead of everyone these tests add.
  await seedConfirmedLine(stack.db, 2);
});
test.afterAll(async () => {
  await stack?.close();
});

let nextPlace = 3;
/** Someone confirmed, at the end of the line. */
async function confirmedMember(label: string): Promise<{ id: number; email: string }> {
  const email = uniqueEmail(label);
  const id = await seedEntry(stack.db, { email, status: "confirmed", lineSeq: nextPlace++ });
  return { id, email };
}

async function open(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Opens a message as a mail client would show it, and follows its status page link. */
async function followStatusLink(page: Page, javaScriptEnabled: boolean, html: string) {
  const prefix = `${stack.origin}/waitlist/status?`;
  await page.setContent(html);
  await page.locator(`a[href^="${prefix}"]`).first().click();
  await page.waitForURL((url) => url.href.startsWith(prefix));
  if (javaScriptEnabled) await waitForHydration(page);
}

const outboxRowsTo = async (email: string) =>
  (await stack.db.prepare("SELECT count(*) AS n FROM email_outbox WHERE recipient = ?1").bind(email).first<{ n: number }>())!.n;

test("Email me my link, from /waitlist: one line under the form until opened, the same answer for anyone, the link only to a member's inbox", async ({ browser, javaScriptEnabled }) => {
  const member = await confirmedMember("lost-link");
  const stranger = uniqueEmail("stranger");

  for (const email of [member.email, stranger]) {
    const page = await newPerson(browser, javaScriptEnabled);
    await page.setViewportSize({ width: 320, height: 568 });
    await open(page, `${stack.origin}/waitlist`, javaScriptEnabled);
    // Closed, and below the sign-up form: it takes nothing from the form's place on a phone.
    const disclosure = page.getByTestId("email-my-link");
    await expect(disclosure).not.toHaveAttribute("open", /.*/);
    const form = await waitlistSubmit(page).boundingBox();
    const summary = disclosure.locator("summary");
    expect((await summary.boundingBox())!.y).toBeGreaterThan(form!.y + form!.height);
    await expect(summary).toHaveText(englishT("statusLink.disclosure"));

    // By keyboard: the summary opens it, the field is next.
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(disclosure).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    const field = disclosure.getByLabel("Your email");
    await expect(field).toBeFocused();
    await field.fill(email);
    await page.keyboard.press("Enter");

    const answer = page.getByText(englishT("statusLink.asked", { email }));
    await expect(answer).toBeVisible();
    // With JavaScript the answer comes in place; without it, /waitlist/link answers as a page.
    await expect(page).toHaveURL(javaScriptEnabled ? /\/waitlist$/ : /\/waitlist\/link$/);
    await page.context().close();
  }

  const mail = await stack.mailTo(member.email, /status page$/);
  expect(mail.subject).toBe("Your LinkVault status page");
  const reader = await newPerson(browser, javaScriptEnabled);
  await followStatusLink(reader, javaScriptEnabled, mail.html!);
  await expect(reader.getByRole("heading", { level: 1, name: /^You're #\d+ in line$/ })).toBeVisible();
  await expect(reader.getByText(`Signed up as ${member.email}`)).toBeVisible();
  // The stranger's address was never queued anything.
  expect(await outboxRowsTo(stranger)).toBe(0);
});

test("Email me my link, on its own page: a bad address is refused with the form's message", async ({ browser, javaScriptEnabled }) => {
  const page = await newPerson(browser, javaScriptEnabled);
  await open(page, `${stack.origin}/waitlist/link`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: englishT("statusLink.title") })).toBeVisible();
  await page.getByLabel("Your email").fill("not an address");
  await page.getByRole("button", { name: englishT("statusLink.button") }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(page.getByLabel("Your email")).toHaveAttribute("aria-invalid", "true");
});

test("Email me my link, with JavaScript: a lost connection shows the spec's network message in the form, not an error page", async ({ browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser itself shows a lost connection");
  const page = await newPerson(browser, javaScriptEnabled);
  await open(page, `${stack.origin}/waitlist/link`, javaScriptEnabled);
  await page.route("**/waitlist/link?_data=*", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("Your email").fill(uniqueEmail("offline-link"));
  await page.getByRole("button", { name: englishT("statusLink.button") }).click();
  await expect(page.getByRole("alert")).toHaveText(WAITLIST_FORM_MESSAGES.network);
  await expect(page.getByRole("heading", { level: 1, name: englishT("statusLink.title") })).toBeVisible();
});

test("Sign out old links: the old link stops working, the page shows no new one, and the new one arrives by email", async ({ browser, javaScriptEnabled }) => {
  const member = await confirmedMember("sign-out");
  const { linkPath } = entryLinks({ siteUrl: stack.origin, tokenSecret: E2E_EMAIL_TOKEN_SECRET });
  const oldLink = `${stack.origin}${await linkPath("status", member.id)}`;

  const page = await newPerson(browser, javaScriptEnabled);
  await open(page, oldLink, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 2, name: "Sign out old links" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out old links" }).click();
  await expect(page.getByRole("heading", { level: 1, name: ENTRY_PAGE_TEXT.signedOutTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/waitlist\/status\?signed-out=1$/);
  await expect(page.locator('a[href*="token="]')).toHaveCount(0);

  // Whoever still holds the old link: refused, and offered a fresh link by email instead.
  await open(page, oldLink, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: ENTRY_PAGE_TEXT.invalidTitle })).toBeVisible();
  await expect(page.getByText(member.email)).toHaveCount(0);
  await expect(page.getByRole("button", { name: englishT("statusLink.button") })).toBeVisible();

  const mail = await stack.mailTo(member.email, /^Your new LinkVault status page link$/);
  expect(linkInMail(mail, `${stack.origin}/waitlist/status?`)).not.toBe(oldLink);
  await followStatusLink(page, javaScriptEnabled, mail.html!);
  await expect(page.getByRole("heading", { level: 1, name: /^You're #\d+ in line$/ })).toBeVisible();
});
