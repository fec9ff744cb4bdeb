/**
 * Adding an admin from /admin/users, with and without JavaScript: a refused form comes back with its
 * message and what was typed (never the password), and a form that went through starts empty again.
 */
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account.mjs";
import { flash, signInAsAdmin } from "./admin-helpers";

test("a refused new admin keeps the typed email; an accepted one empties the form", async ({ page }, testInfo) => {
  const email = `added-${testInfo.project.name}-${Date.now().toString(36)}@example.test`;
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  const add = page.getByRole("region", { name: "Add an admin" });

  // Only the server knows the email is taken: the form comes back from it.
  await add.getByLabel("Email").fill(E2E_ADMIN.email);
  await add.getByLabel("Initial password").fill("a long enough password for a new admin");
  await add.getByRole("button", { name: "Add admin" }).click();
  await expect(add.getByText("An admin with this email already exists.")).toBeVisible();
  await expect(add.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  await expect(add.getByLabel("Initial password")).toHaveValue("");

  await add.getByLabel("Email").fill(email);
  await add.getByLabel("Initial password").fill("a long enough password for a new admin");
  await add.getByRole("button", { name: "Add admin" }).click();
  await expect(flash(page)).toHaveText(`Added ${email} as an admin. They can sign in now.`);
  await expect(page.getByTestId("admins-table")).toContainText(email);
  await expect(add.getByLabel("Email")).toHaveValue("");
  await expect(add.getByText("An admin with this email already exists.")).toHaveCount(0);
});
