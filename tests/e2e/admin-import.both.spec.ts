/**
 * Importing people from a CSV file at /admin/import, with and without JavaScript: the upload, its
 * preview (what will be added and skipped, and why), the import, and the same file again adding no one.
 * The suite's server runs with email off, so a person without consent evidence cannot be asked to
 * confirm and is skipped; with email on they are added pending and asked (tests/integration/admin-import.test.ts).
 */
import { expect, test } from "@playwright/test";
import { flash, signInAsAdmin } from "./admin-helpers";

test("upload a CSV, see the preview row by row, import it; the same file again adds no one", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const file = {
    name: `people-${tag}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "Email,Name,Intent,Signed up,Consent evidence",
        `kept-${tag}@example.test,Kept Person,beta_testing,2025-01-31,Ticked the box at the launch event`,
        `asked-${tag}@example.test,Asked Person,waitlist,2025-02-01,`,
        `Kept-${tag}@Example.test,Same Inbox,,,`,
        "not-an-email,Nobody,,,",
      ].join("\r\n"),
    ),
  };
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Import" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import people");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Preview the import" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import preview");
  await expect(page).toHaveURL(/\/admin\/import\/[0-9a-f]{32}\./);
  await expect(page.getByTestId("count-add")).toHaveText("1");
  await expect(page.getByTestId("count-duplicate")).toHaveText("1");
  await expect(page.getByTestId("count-invalid")).toHaveText("2");
  const rows = page.getByTestId("import-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("Confirmed, with consent evidence");
  await expect(rows.nth(1)).toContainText("No consent evidence, and email is off");
  await expect(rows.nth(2)).toContainText("Same inbox as line 2");
  await expect(rows.nth(3)).toContainText("Not a valid email address");
  await page.getByRole("link", { name: "Invalid (2)" }).click();
  await expect(rows).toHaveCount(2);

  await page.getByRole("button", { name: "Import 1 person" }).click();
  await expect(flash(page)).toHaveText("Imported 1 person (1 confirmed, 0 asked to confirm); skipped 3.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import done");
  await expect(page.getByTestId("count-add")).toHaveText("1");
  await page.getByRole("link", { name: "See the beta testers" }).click();
  await expect(page.getByTestId("beta-testers")).toContainText(`kept-${tag}@example.test`);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Import" }).click();

  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Preview the import" }).click();
  await expect(page.getByTestId("count-add")).toHaveText("0");
  await expect(page.getByTestId("count-duplicate")).toHaveText("2");
  await expect(page.getByRole("button", { name: /^Import / })).toHaveCount(0);
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(flash(page)).toHaveText(`Discarded the import of ${file.name}.`);
});

test("a file that is not CSV text gets a message on the form", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/import");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "list.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]) });
  await page.getByRole("button", { name: "Preview the import" }).click();
  await expect(page.getByTestId("import-error")).toContainText("The file is not UTF-8 text.");
});
