/**
 * A visitor's sign-up reaches the admin's beta list and its CSV export, with and without JavaScript.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { uniqueEmail, WAITLIST_ACTION } from "./helpers";
import { signInAsAdmin } from "./admin-helpers";

test("a new sign-up is searchable in the beta list and exported as a spreadsheet-safe CSV", async ({ page, baseURL }) => {
  const email = uniqueEmail("csv");
  // A first name a spreadsheet would run as a formula if it were exported as is.
  const signup = await page.request.post(WAITLIST_ACTION, {
    form: { email, name: '=HYPERLINK(CONCAT("ht","tp:")) Tester', source: "main_waitlist_section", intent: "beta_testing" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(signup.ok()).toBe(true);
  expect(await signup.json()).toMatchObject({ state: "success" });

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Beta testers" }).click();
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^beta-testers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^email,first_name,last_name,intent,source/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(email);
  expect(lines[1]).toContain(`"'=HYPERLINK(CONCAT(""ht"",""tp:""))"`);
});
