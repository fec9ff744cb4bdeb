/**
 * The audit log and the email log in Chromium, with and without JavaScript (issue 31): reached from the
 * dashboard and the email page, filtered with their forms, exported with the same filters; and the
 * dashboard chart's day labels readable at 320, 768 and 1280 px (rendered at 11 px or more, the first one
 * whole inside the chart). Rows are written into the server's D1 through wrangler's Local Explorer.
 */
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";
import { uniqueEmail } from "./helpers";
import { suiteServer } from "./suite-server";

test("the audit log is filtered by admin, action and day, and its export keeps the filters", async ({ page }) => {
  const admin = uniqueEmail("auditor");
  const db = suiteServer().d1("DB");
  const add = (action: string, target: string, at: string) =>
    db.prepare("INSERT INTO admin_audit_log (admin_email, action, target, created_at) VALUES (?1, ?2, ?3, ?4)").bind(admin, action, target, at).run();
  await add("deleted beta tester", "first@example.test", "2026-02-01T10:00:00.000Z");
  await add("updated settings", "site_settings", "2026-02-02T10:00:00.000Z");
  await add("deleted beta tester", "third@example.test", "2026-02-03T10:00:00.000Z");

  await signInAsAdmin(page);
  await page.getByRole("link", { name: "See the whole audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();

  await page.getByRole("combobox", { name: "Admin" }).selectOption(admin);
  await page.getByRole("button", { name: "Apply" }).click();
  // Each Apply is a new page (a GET of the form): the next fields are filled on it, not on the old one.
  await expect(page).toHaveURL(/\?admin=/);
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("third@example.test");

  await page.getByRole("combobox", { name: "Action" }).selectOption("deleted beta tester");
  await page.getByLabel("From", { exact: true }).fill("2026-02-02");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/&from=2026-02-02/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("third@example.test");
  await expect(page.getByRole("combobox", { name: "Admin" })).toHaveValue(admin);

  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const csv = await (await page.request.get(href!)).text();
  expect(csv).toContain(`${admin},deleted beta tester,third@example.test`);
  expect(csv).not.toContain("first@example.test");
  expect(csv).not.toContain("site_settings");

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("combobox", { name: "Admin" })).toHaveValue("");
});

test("the email log finds the messages to an address, by kind and status", async ({ page }) => {
  const person = uniqueEmail("never-got-it");
  const db = suiteServer().d1("DB");
  const add = (kind: string, status: string) =>
    db
      .prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, status, attempts) VALUES (?1, ?2, ?3, ?4, 1)")
      .bind(`${kind}:${person}`, kind, person, status)
      .run();
  await add("confirm", "sent");
  await add("welcome", "failed");
  await add("status_link", "queued");

  await signInAsAdmin(page);
  await page.goto("/admin/email");
  await page.getByRole("link", { name: "See every message, by recipient" }).click();
  await expect(page).toHaveURL(/\/admin\/email\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email log" })).toBeVisible();

  // Searched as the person would spell it when they write in.
  await page.getByRole("searchbox", { name: "Recipient" }).fill(person.toUpperCase());
  await page.getByRole("button", { name: "Apply" }).click();
  // Each Apply is a new page (a GET of the form): the next fields are set on it, not on the old one.
  await expect(page).toHaveURL(/\?q=/);
  const rows = page.getByTestId("email-log-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("email-log-kind")).toHaveText(["Status link", "Welcome", "Confirm"]);

  await page.getByRole("combobox", { name: "Kind" }).selectOption("welcome");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/&kind=welcome/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Failed");

  await page.getByRole("combobox", { name: "Kind" }).selectOption("");
  await page.getByRole("combobox", { name: "Status" }).selectOption("sent");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/&status=sent/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("email-log-kind")).toHaveText(["Confirm"]);
  await expect(page.getByTestId("email-log-recipient")).toHaveText([person]);
});

for (const width of [320, 768, 1280]) {
  test(`the dashboard chart's day labels are readable and whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const chart = page.locator("figure.bar-chart").first();
    await chart.scrollIntoViewIfNeeded();
    const labels = page.getByTestId("chart-label");
    await expect(labels.first()).toBeVisible();
    const measured = await labels.evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect();
        const figure = node.closest("figure")!.getBoundingClientRect();
        return {
          text: node.textContent,
          fontPx: Number.parseFloat(getComputedStyle(node).fontSize),
          height: box.height,
          left: box.left - figure.left,
          right: figure.right - box.right,
        };
      }),
    );
    expect(measured.length).toBeGreaterThanOrEqual(4);
    // The chart fits the screen: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const label of measured) {
      expect(label.text, "a whole MM-DD day").toMatch(/^\d{2}-\d{2}$/);
      expect(label.fontPx, `${label.text} font size`).toBeGreaterThanOrEqual(11);
      // The rendered height follows the size actually drawn (a scaled SVG's text drew far smaller than its font-size).
      expect(label.height, `${label.text} drawn height`).toBeGreaterThanOrEqual(11);
      expect(label.left, `${label.text} starts inside the chart`).toBeGreaterThanOrEqual(0);
      expect(label.right, `${label.text} ends inside the chart`).toBeGreaterThanOrEqual(0);
    }
    // Neighbouring labels never overlap.
    const boxes = await labels.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).map((box) => ({ left: box.left, right: box.right })));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left, `label ${i} clears label ${i - 1}`).toBeGreaterThan(boxes[i - 1]!.right);
  });
}
