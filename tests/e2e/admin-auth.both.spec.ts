/**
 * Signing in and out of the admin, with and without JavaScript (the no-js project runs this file too).
 */
import { expect, test } from "@playwright/test";
import { ADMIN_LOGIN_MESSAGES } from "../../app/features/admin/messages";
import { E2E_ADMIN } from "./admin-account.mjs";
import { signInAsAdmin } from "./admin-helpers";

test("an admin page sends a signed-out visitor to the login page and back after signing in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInAsAdmin(page, { from: "/admin/analytics", landOn: /\/admin\/analytics$/ });
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByTestId("signed-in-admin")).toHaveText(E2E_ADMIN.email);
  // Already signed in: the login page goes straight to the dashboard.
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("a wrong password gets the generic message and keeps the typed email", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(ADMIN_LOGIN_MESSAGES.invalid);
  await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("signing out ends the session: admin pages refuse the browser afterwards", async ({ page, context }) => {
  await signInAsAdmin(page);
  const before = await context.cookies();
  expect(before.find((c) => c.name === "lv_admin")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?signedOut=1$/);
  await expect(page.getByRole("status")).toHaveText(ADMIN_LOGIN_MESSAGES.signedOut);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);

  // Replaying the old cookie does not help: the session row is gone.
  const old = before.find((c) => c.name === "lv_admin")!;
  await context.addCookies([old]);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login/);
});
