/**
 * The admin's email pages in Chromium, with and without JavaScript: a failed message retried from the
 * email page (and, while email goes to the development mailbox, delivered there, opened, and its
 * confirmation link clicked), the mailbox emptied, and axe-core on each page in light and dark.
 *
 * Which half runs depends on the stack's email mode: the end-to-end server's test mode has email off
 * (the mailbox answers 404); E2E_STACK_VARS='{"APP_ENV":"development"}' runs it with the development
 * mailbox. Failed messages cannot be made through the site, so they are written into the server's D1
 * (through wrangler's Local Explorer, the database the running server holds).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { flash, signInAsAdmin } from "./admin-helpers";
import { describeViolations, uniqueEmail, WAITLIST_ACTION, waitForAnimationsToEnd } from "./helpers";
import { addConfirmation } from "../support/stack";
import { runJobsCron, suiteServer } from "./suite-server";

/**
 * axe-core's WCAG 2.1 A/AA and best-practice findings, in light and dark, one line per rule. axe runs
 * as a script in the page, so only the JavaScript run checks (the markup is the same in both runs).
 */
async function axeInBothSchemes(page: Page, label: string): Promise<string[]> {
  if (test.info().project.use.javaScriptEnabled === false) return [];
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    // The buttons change colour with a transition: axe measures once it has ended.
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await waitForAnimationsToEnd(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      // The admin's page is checked; the message's own markup (shown inline) is the email templates' business.
      .exclude('[data-testid="message-html"]')
      .analyze();
    found.push(...describeViolations(results, `${label} (${colorScheme})`));
  }
  return found;
}

/** Where email goes on this stack, as the email page says it. */
async function emailMode(page: Page): Promise<string | null> {
  await page.goto("/admin/email");
  return page.getByTestId("email-status").getAttribute("data-mode");
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

/**
 * A failed confirmation to `email`, retried from the email page and delivered to the development mailbox.
 * The retry nudges the companion Worker through the queue; a cron run now makes the delivery certain.
 */
async function retryIntoMailbox(page: Page, email: string): Promise<void> {
  await addConfirmation(suiteServer().d1("DB"), email, { failed: true });
  await page.goto("/admin/email");
  await page.getByRole("button", { name: `Retry the confirm message to ${email}` }).click();
  await expect(flash(page)).toContainText("queued again");
  expect(await runJobsCron()).toMatchObject({ outcome: "ok" });
}

test("a failed message is listed on the email page and Retry queues it again", async ({ page }) => {
  const email = uniqueEmail("retry");
  await addConfirmation(suiteServer().d1("DB"), email, { failed: true });
  await signInAsAdmin(page);
  await nav(page).getByRole("link", { name: "Email", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email" })).toBeVisible();
  const row = page.getByTestId("failed-row").filter({ hasText: email });
  await expect(row).toContainText("Confirm");
  await expect(row).toContainText("provider_unavailable: 503");
  await expect(page.getByTestId("outbox-failed")).not.toHaveText("0");
  expect(await axeInBothSchemes(page, "/admin/email")).toEqual([]);

  const mode = await page.getByTestId("email-status").getAttribute("data-mode");
  await row.getByRole("button", { name: `Retry the confirm message to ${email}` }).click();
  await expect(flash(page)).toContainText("The confirm message is queued again and will be sent shortly.");
  if (mode === "off") await expect(flash(page)).toContainText("Email is off");
  await expect(page.getByTestId("failed-row").filter({ hasText: email })).toHaveCount(0);
});

test.describe("while email goes to the development mailbox", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
    test.skip((await emailMode(page)) !== "local-mailbox", 'needs the development mailbox: E2E_STACK_VARS=\'{"APP_ENV":"development"}\'');
  });

  test("a retried confirmation arrives in the mailbox, shows its HTML and text, and its link can be clicked", async ({ page, baseURL }) => {
    // A CSP refusal (the page's policy refuses a <style> element, which the message's HTML must not bring)
    // or a crash in the browser shows up here.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    const email = uniqueEmail("mailbox");
    await retryIntoMailbox(page, email);
    await nav(page).getByRole("link", { name: "Mailbox (development)" }).click();
    await expect(page).toHaveURL(/\/admin\/mailbox$/);
    const row = page.getByTestId("mailbox-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Confirm");
    expect(await axeInBothSchemes(page, "/admin/mailbox")).toEqual([]);

    await row.getByRole("link", { name: "Confirm your email for LinkVault" }).click();
    await expect(page).toHaveURL(/\/admin\/mailbox\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your email for LinkVault" })).toBeVisible();
    // The HTML, inline under the page's CSP.
    const preview = page.getByTestId("message-html");
    await expect(preview.getByText("Please confirm your email")).toBeVisible();
    await expect(preview.getByText("Eve")).toHaveCount(0);
    await expect(preview.getByRole("link", { name: "Confirm my email" })).toBeVisible();
    await expect(page.getByTestId("message-text")).toContainText("Confirm my email:");
    expect(await axeInBothSchemes(page, "/admin/mailbox/:id")).toEqual([]);
    expect(errors).toEqual([]);

    // The link, as a real anchor of this page, goes to the confirmation page on SITE_URL.
    const link = page.getByTestId("message-links").getByRole("link", { name: "Confirm my email" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(new RegExp(`^${baseURL}/waitlist/confirm\\?token=[\\w.-]+$`));
    const [request] = await Promise.all([page.waitForRequest((r) => r.url() === href && r.isNavigationRequest()), link.click()]);
    expect(request.method()).toBe("GET");
  });

  test("a long message is shown whole: the preview grows with it down to its footer", async ({ page }) => {
    const email = uniqueEmail("long");
    const paragraphs = Array.from({ length: 80 }, (_, i) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Paragraph ${i + 1} of a long announcement.</p>`);
    const html = `<!doctype html><html><head><style>p{color:red}</style></head><body><table role="presentation" width="100%"><tr><td>${paragraphs.join("")}<p>The footer: unsubscribe from LinkVault emails.</p></td></tr></table></body></html>`;
    const { id } = (await suiteServer()
      .d1("DB")
      .prepare("INSERT INTO dev_mailbox (message_id, recipient, sender, subject, html, text) VALUES (?1, ?2, 'LinkVault <hello@linkvault.example>', 'A long announcement', ?3, 'Long') RETURNING id")
      .bind(crypto.randomUUID(), email, html)
      .first<{ id: number }>())!;
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin/mailbox/${id}`);
      const preview = page.getByTestId("message-html");
      const footer = preview.getByText("The footer: unsubscribe from LinkVault emails.");
      await footer.scrollIntoViewIfNeeded();
      await expect(footer).toBeInViewport();
      // Inside the preview's box, and the box holds all of the message (nothing scrolls or is cut off inside it).
      const [box, footerBox] = [(await preview.boundingBox())!, (await footer.boundingBox())!];
      expect(footerBox.y + footerBox.height, `${width} px`).toBeLessThanOrEqual(box.y + box.height);
      expect(await preview.evaluate((node) => node.scrollHeight - node.clientHeight), `${width} px`).toBeLessThanOrEqual(1);
      await expect(preview.getByText("Paragraph 80 of a long announcement.")).toBeVisible();
    }
  });

  test("a sign-up is pending in the beta list and its confirmation arrives in the mailbox", async ({ page, baseURL }) => {
    const email = uniqueEmail("signup");
    const signup = await page.request.post(WAITLIST_ACTION, {
      form: { email, name: "Nia Newcomer", source: "main_waitlist_section", intent: "beta_testing" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(signup.ok()).toBe(true);
    expect(await runJobsCron()).toMatchObject({ outcome: "ok" });

    await page.goto(`/admin/beta-testers?status=pending&q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("beta-tester-row").filter({ hasText: email })).toContainText("Pending");
    await page.goto("/admin/mailbox");
    await page.getByTestId("mailbox-row").filter({ hasText: email }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirm your email");
    await expect(page.getByTestId("message-links").getByRole("link", { name: "Confirm my email" })).toHaveAttribute(
      "href",
      new RegExp(`^${baseURL}/waitlist/confirm\\?token=`),
    );
  });

  test("Delete all asks first, then empties the mailbox", async ({ page }) => {
    const email = uniqueEmail("clear");
    await retryIntoMailbox(page, email);
    await page.goto("/admin/mailbox");
    await expect(page.getByTestId("mailbox-row").filter({ hasText: email })).toHaveCount(1);
    await page.getByRole("link", { name: "Delete all" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete every message in the mailbox?" });
    await expect(dialog).toBeVisible();
    expect(await axeInBothSchemes(page, "/admin/mailbox?confirm=all")).toEqual([]);
    await dialog.getByRole("button", { name: "Delete all messages" }).click();
    await expect(flash(page)).toContainText(/^Deleted \d+ messages? from the mailbox\.$/);
    await expect(page.getByTestId("mailbox-row")).toHaveCount(0);
    await expect(page.getByText("The mailbox is empty.")).toBeVisible();
  });
});

test("the email pages fit a 375 px screen: wide tables scroll inside their box, the page never does", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page);
  const paths = ["/admin/email", "/admin/dashboard"];
  if ((await emailMode(page)) === "local-mailbox") {
    const email = uniqueEmail("narrow");
    await retryIntoMailbox(page, email);
    await page.goto("/admin/mailbox");
    const message = await page.getByTestId("mailbox-row").filter({ hasText: email }).getByRole("link").getAttribute("href");
    paths.push("/admin/mailbox", "/admin/mailbox?confirm=all", message!);
  }
  const overflowing: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 375) overflowing.push(`${path}: ${width}px`);
  }
  expect(overflowing).toEqual([]);
});

test("without the development mailbox, its page answers 404 and is not in the navigation", async ({ page }) => {
  await signInAsAdmin(page);
  test.skip((await emailMode(page)) === "local-mailbox", "this stack delivers to the development mailbox");
  await expect(nav(page).getByRole("link", { name: "Mailbox (development)" })).toHaveCount(0);
  const response = await page.goto("/admin/mailbox");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});
