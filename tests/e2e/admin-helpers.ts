import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account.mjs";

/** Signs in through the login form (works with and without JavaScript). */
export async function signInAsAdmin(page: Page, { from = "/admin/login", landOn = /\/admin\/dashboard$/ }: { from?: string; landOn?: RegExp } = {}) {
  await page.goto(from);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landOn);
}

/** The one-time confirmation the admin layout shows after a change. */
export function flash(page: Page) {
  return page.getByTestId("flash");
}
