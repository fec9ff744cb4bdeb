/**
 * The owner works one person from the admin (issue 31), end to end in Chromium, with and without
 * JavaScript (this file runs in both projects): find them by email in the testers table, open their
 * page, resend their status link, move them to the front and see it on their own status page, then
 * invite them. Email is on in a stack of this file's own (email-stack.ts); the "inbox" is the Resend
 * stand-in. Also the screenshots of the table and the person page at 320, 768 and 1280 px.
 */
import { expect, test, type Page } from "@playwright/test";
import { TESTFLIGHT_LINK } from "~/lib/outreach-settings";
import { seedConfirmedLine, seedEntry } from "../support/waitlist-entries";
import { linkInMail, startEmailStack, type EmailStack } from "./email-stack";
import { uniqueEmail, waitForHydration } from "./helpers";
import { addStackOwner, signInOnStack } from "./admin-helpers";

const OWNER = { email: "testers-owner@example.test", password: "testers owner password 2026" };
const TESTFLIGHT = "https://testflight.apple.com/join/E2eTest2";

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
  await addStackOwner(stack, OWNER);
  await stack.db.prepare("INSERT INTO site_settings (key, value) VALUES (?1, ?2)").bind(TESTFLIGHT_LINK.key, TESTFLIGHT).run();
  // Three people ahead of the one the owner works with.
  await seedConfirmedLine(stack.db, 3);
});
test.afterAll(async () => {
  await stack?.close();
});

/** Their place as their own status page shows it, from the link in their latest status link message. */
async function placeOnStatusPage(page: Page, email: string): Promise<string> {
  const mail = await stack.mailTo(email, /status page/);
  await page.goto(linkInMail(mail, `${stack.origin}/waitlist/status?`));
  return (await page.getByTestId("place-in-line").textContent()) ?? "";
}

test("find a person by email, open their page, resend their status link, move them to the front, see their new place, invite them", async ({ browser, javaScriptEnabled }) => {
  const email = uniqueEmail("console");
  await seedEntry(stack.db, { email, status: "confirmed", lineSeq: 10 });
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInOnStack(page, stack, OWNER, javaScriptEnabled);

  // Find them by email.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Beta testers" }).click();
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  const rows = page.getByTestId("beta-tester-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("tester-place")).toHaveText("#4");

  // Their page.
  await rows.first().getByRole("link", { name: email }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expect(page.getByTestId("tester-place-in-line")).toHaveText("#4 of 4");
  if (javaScriptEnabled) await waitForHydration(page);

  // Resend their status link: it reaches their inbox, and their page lists it.
  await page.getByRole("button", { name: "Resend the status link" }).click();
  await expect(page.getByTestId("flash")).toContainText("Sent 1 message again.");
  await expect(page.getByTestId("tester-email").first()).toContainText("Status link");
  const person = await context.newPage();
  expect(await placeOnStatusPage(person, email)).toMatch(/^#4\b/);

  // Move them to the front: their own status page says #1.
  await page.getByRole("button", { name: "Move to the front" }).click();
  await expect(page.getByTestId("flash")).toContainText("Moved 1 person to the front of the line.");
  await expect(page.getByTestId("tester-place-in-line")).toHaveText("#1 of 4");
  await person.reload();
  await expect(person.getByTestId("place-in-line")).toHaveText(/^#1\b/);

  // Invite them now: the invitation goes out with the TestFlight link.
  await page.getByRole("button", { name: "Invite now" }).click();
  await expect(page.getByTestId("flash")).toContainText("Queued 1 invitation.");
  const invitation = await stack.mailTo(email, /invitation/);
  expect(invitation.html).toContain(TESTFLIGHT);
  await page.reload();
  await expect(page.getByTestId("tester-record")).not.toContainText("Invited—");
  await expect(page.getByRole("button", { name: "Invited" })).toBeDisabled();
  await context.close();
});

test("screenshots of the table and the person page at 320, 768 and 1280 px, with nothing wider than the screen", async ({ browser, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, "one set of screenshots is enough");
  const referrer = uniqueEmail("referrer-with-a-rather-long-address");
  const id = await seedEntry(stack.db, { email: referrer, status: "confirmed", lineSeq: 20, referralCount: 2 });
  await seedEntry(stack.db, { email: uniqueEmail("brought-one"), status: "confirmed", lineSeq: 21, referredBy: id });
  await seedEntry(stack.db, { email: uniqueEmail("brought-two"), status: "pending", referredBy: id });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOnStack(page, stack, OWNER, true);
  for (const width of [320, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ["testers-table", "/admin/beta-testers?sort=place"],
      ["tester-page", `/admin/beta-testers/${id}`],
    ] as const) {
      await page.goto(`${stack.origin}${path}`);
      await waitForHydration(page);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      // Nothing scrolls sideways: not the page, and not the testers table (or a person's emails) in its box.
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: [...document.querySelectorAll(".tester-table-wrap")].map((el) => el.scrollWidth - el.clientWidth),
      }));
      expect(overflow.page, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      expect(Math.max(0, ...overflow.table), `${name}'s table at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
  await context.close();
});
