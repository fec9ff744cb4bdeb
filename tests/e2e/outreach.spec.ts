/**
 * The owner reaching the list (issue 17), end to end: the dev server with email on (the site, the
 * companion Worker and its queue, as `npm start` runs them), the Resend stand-in on 127.0.0.1 as the
 * provider, and the admin pages in Chromium. What the stand-in receives is what people would get.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { svixSignature } from "~/features/outreach/webhook.server";
import { TESTFLIGHT_LINK } from "~/lib/outreach-settings";
import { E2E_WEBHOOK_SECRET, startEmailStack, type EmailStack } from "./email-stack";
import { addStackOwner, signInOnStack } from "./admin-helpers";
import { describeViolations } from "./helpers";

const OWNER = { email: "outreach-owner@example.test", password: "outreach owner password 2026" };
const TESTFLIGHT = "https://testflight.apple.com/join/E2eTest1";

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
  await addStackOwner(stack, OWNER);
});
test.afterAll(async () => {
  await stack?.close();
});

/** A confirmed person on the list, as a sign-up and confirmation leave them. */
async function person(email: string, fields: { lineSeq?: number; status?: string; android?: boolean; macos?: boolean; updates?: boolean } = {}) {
  await stack.db
    .prepare(
      `INSERT INTO waitlist (email, first_name, status, line_seq, intent, metadata, referral_code, wants_android, wants_macos, wants_updates, confirmed_at)
       VALUES (?1, 'Pat', ?2, ?3, 'beta_testing', '{}', lower(hex(randomblob(6))), ?4, ?5, ?6, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    )
    .bind(email, fields.status ?? "confirmed", fields.lineSeq ?? null, Number(fields.android ?? false), Number(fields.macos ?? false), Number(fields.updates ?? true))
    .run();
}

/** axe-core on the page as it is (the review panel open); the sandboxed preview frame is the message itself, checked by its unit tests. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).exclude("iframe").analyze();
  return describeViolations(results);
}

/** Everyone the stand-in delivered to whose address ends with `tag`, one entry per message. */
const deliveredTo = (tag: string) => stack.standin.deliveries.flatMap((d) => d.to).filter((to) => to.endsWith(tag)).sort();

/** On the beta testers page: asks to invite the next `count` testers; answers the review panel, its heading checked. */
async function reviewNextInvitations(page: Page, count: number) {
  await page.goto(`${stack.origin}/admin/beta-testers`);
  await page.getByLabel("Invite the next testers in line").fill(String(count));
  await page.getByRole("button", { name: "Review the invitation" }).click();
  const review = page.getByTestId("invite-review");
  await expect(review.getByRole("heading", { name: `Invite ${count} ${count === 1 ? "tester" : "testers"}?` })).toBeVisible();
  return review;
}

/** On the announcements page: writes one for `segment` and previews it; answers the review panel, its heading checked. */
async function previewAnnouncement(page: Page, { subject, markdown, segment }: { subject: string; markdown: string; segment: RegExp }) {
  await page.goto(`${stack.origin}/admin/announcements`);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message (Markdown)").fill(markdown);
  await page.getByRole("radio", { name: segment }).check();
  await page.getByRole("button", { name: "Preview" }).click();
  const review = page.getByTestId("announcement-review");
  await expect(review.getByRole("heading", { name: /^Send to \d+ (person|people)\?$/ })).toBeVisible();
  return review;
}

test("inviting the next 2 testers sends exactly those 2 messages with the TestFlight link, skipping one who unsubscribed", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = "@invite.example";
  await person(`first${tag}`, { lineSeq: 101 });
  await person(`left${tag}`, { lineSeq: 102, status: "unsubscribed" });
  await person(`second${tag}`, { lineSeq: 103 });
  await person(`third${tag}`, { lineSeq: 104 });
  await signInOnStack(page, stack, OWNER);

  // The TestFlight link, in Settings (only Apple's join links are accepted).
  await page.goto(`${stack.origin}/admin/settings`);
  await page.getByLabel("TestFlight public link").fill("https://example.com/join/x");
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(page.getByText("Use a TestFlight public link")).toBeVisible();
  await page.getByLabel("TestFlight public link").fill(TESTFLIGHT);
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Email settings saved.");

  // Review: who gets it and the message itself, then invite.
  const review = await reviewNextInvitations(page, 2);
  await expect(review.getByText(`Pat (first${tag})`)).toBeVisible();
  await expect(review.getByText(`Pat (second${tag})`)).toBeVisible();
  await expect(review.getByText(`left${tag}`)).toHaveCount(0);
  await expect(page.frameLocator('[data-testid="invitation-preview-html"]').getByRole("link", { name: "Join the beta on TestFlight" })).toHaveAttribute("href", TESTFLIGHT);
  expect(await axeViolations(page)).toEqual([]);
  await review.getByRole("button", { name: "Invite 2 testers" }).click();
  await expect(page.getByTestId("flash")).toContainText("Queued 2 invitations.");

  // The companion Worker sends them (woken by the queue): exactly those two, once each, with the link.
  await expect.poll(() => deliveredTo(tag), { timeout: 60_000 }).toEqual([`first${tag}`, `second${tag}`]);
  for (const mail of stack.standin.deliveries.filter((d) => d.to[0]!.endsWith(tag))) {
    expect(mail.subject).toBe("Your invitation to the LinkVault beta");
    expect(mail.html).toContain(`href="${TESTFLIGHT}"`);
    expect(mail.text).toContain(TESTFLIGHT);
  }
  // The batch's progress updates on the page (it refreshes itself while a batch is going out).
  await expect(page.getByTestId("invitation-batches").getByTestId("count-sent").first()).toHaveText("2", { timeout: 30_000 });
  // Nothing more arrives: the unsubscribed tester and the third in line were never invited.
  await page.reload();
  await expect(page.getByTestId("invite-counts")).toContainText("2 invited so far");
  expect(deliveredTo(tag)).toEqual([`first${tag}`, `second${tag}`]);
});

test("an Android announcement reaches only the people who asked for Android", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = "@announce.example";
  await person(`droid-a${tag}`, { android: true });
  await person(`droid-b${tag}`, { android: true, updates: false });
  await person(`mac${tag}`, { macos: true });
  await person(`news${tag}`);
  await person(`droid-gone${tag}`, { android: true, status: "unsubscribed" });
  await signInOnStack(page, stack, OWNER);
  const review = await previewAnnouncement(page, {
    subject: "LinkVault for Android is here",
    markdown: "The **Android** app is ready.\n\n- Save links\n- Find them again\n\n[Read more](/blog)",
    segment: /Asked about Android/,
  });
  const preview = page.frameLocator('[data-testid="announcement-preview-html"]');
  await expect(preview.locator("strong", { hasText: "Android" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await review.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
  await expect(page.getByTestId("flash")).toContainText("Queued");

  await expect.poll(() => deliveredTo(tag), { timeout: 60_000 }).toEqual([`droid-a${tag}`, `droid-b${tag}`]);
  for (const mail of stack.standin.deliveries.filter((d) => d.to[0]!.endsWith(tag))) {
    expect(mail.subject).toBe("LinkVault for Android is here");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain(`href="${stack.origin}/blog"`);
  }
  await expect(page.getByTestId("announcements").getByTestId("count-sent").first()).toHaveText("2", { timeout: 30_000 });
});

test("a signed bounce report suppresses the address; a forged one is refused and changes nothing", async ({ request }) => {
  const email = "bounced@webhook.example";
  await person(email, { android: true });
  const body = JSON.stringify({ type: "email.bounced", created_at: new Date().toISOString(), data: { email_id: "re_e2e", to: [email], bounce: { type: "Permanent" } } });
  const at = Math.floor(Date.now() / 1000);
  const post = (id: string, signature: string) =>
    request.post(`${stack.origin}/api/email/webhook`, { headers: { "Content-Type": "application/json", "svix-id": id, "svix-timestamp": String(at), "svix-signature": signature }, data: body });
  const state = async () => ({
    suppressed: (await stack.db.prepare("SELECT count(*) AS n FROM email_suppressions WHERE reason = 'bounced'").first<{ n: number }>())!.n,
    status: (await stack.db.prepare("SELECT status FROM waitlist WHERE email = ?1").bind(email).first<{ status: string }>())!.status,
  });

  const before = await state();
  const forgedSecret = `whsec_${Buffer.from("not the webhook's secret at all!!").toString("base64")}`;
  const forged = await post("msg_forged", await svixSignature(forgedSecret, "msg_forged", at, body));
  expect(forged.status()).toBe(401);
  expect(await state()).toEqual(before);

  const signed = await post("msg_signed", await svixSignature(E2E_WEBHOOK_SECRET, "msg_signed", at, body));
  expect(signed.status()).toBe(200);
  expect(await state()).toEqual({ suppressed: before.suppressed + 1, status: "unsubscribed" });
  // The same call again is a replay: refused, nothing more.
  expect((await post("msg_signed", await svixSignature(E2E_WEBHOOK_SECRET, "msg_signed", at, body))).status()).toBe(409);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner reviews and sends an invitation and an announcement; the invited tester's status page shows the TestFlight link", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const tag = "@nojs.example";
    // Far ahead in line, so the next 1 is this person whatever the other tests left uninvited.
    await person(`invitee${tag}`, { lineSeq: 1 });
    await person(`macos-fan${tag}`, { macos: true });
    await stack.db.prepare("INSERT INTO site_settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value").bind(TESTFLIGHT_LINK.key, TESTFLIGHT).run();
    await signInOnStack(page, stack, OWNER);

    // Invite the next 1: the review is a server-rendered page, the send a plain form post.
    const review = await reviewNextInvitations(page, 1);
    await expect(review.getByText(`Pat (invitee${tag})`)).toBeVisible();
    await review.getByRole("button", { name: "Invite 1 tester" }).click();
    await expect(page.getByTestId("flash")).toContainText("Queued 1 invitation.");
    await expect.poll(() => deliveredTo(tag), { timeout: 60_000 }).toEqual([`invitee${tag}`]);

    // An announcement to the people who asked about macOS, the same way.
    const announcement = await previewAnnouncement(page, { subject: "LinkVault for macOS: a first look", markdown: "The **macOS** app is coming.", segment: /Asked about macOS/ });
    await announcement.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
    await expect(page.getByTestId("flash")).toContainText("Queued");
    await expect.poll(() => deliveredTo(tag), { timeout: 60_000 }).toEqual([`invitee${tag}`, `macos-fan${tag}`]);

    // The invitation's own link to the status page: it says they are invited and gives the link.
    const invitation = stack.standin.deliveries.find((d) => d.to[0] === `invitee${tag}`)!;
    const statusHref = /href="([^"]*\/waitlist\/status\?token=[^"]+)"/.exec(invitation.html ?? "")![1]!.replaceAll("&amp;", "&");
    const visitor = await browser.newPage({ javaScriptEnabled: false });
    for (const width of [375, 768, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(statusHref);
      const card = visitor.getByRole("region", { name: "You're invited to the beta" });
      await expect(card).toBeVisible();
      await expect(card.getByTestId("testflight-link")).toHaveAttribute("href", TESTFLIGHT);
      await expect(card.getByTestId("invited")).toContainText("Your invitation went out on");
      // Nothing wider than the screen.
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await card.screenshot({ path: test.info().outputPath(`status-invited-${width}.png`) });
    }
    // By keyboard: Tab reaches the TestFlight link, which shows where the focus is.
    const link = visitor.getByTestId("testflight-link");
    await visitor.locator("body").focus();
    for (let presses = 0; presses < 40 && !(await link.evaluate((el) => el === document.activeElement)); presses++) await visitor.keyboard.press("Tab");
    await expect(link).toBeFocused();
    expect(await link.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await visitor.close();
  });
});
