import { expect, type Page } from "@playwright/test";
import { hashPassword } from "~/features/admin/password-hash.mjs";
import { E2E_ADMIN } from "./admin-account.mjs";
import type { EmailStack } from "./email-stack";
import { waitForHydration } from "./helpers";

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

/** An owner account of a spec's own on its fresh stack (email-stack.ts). */
export interface StackOwner {
  email: string;
  password: string;
}

export async function addStackOwner(stack: EmailStack, owner: StackOwner) {
  await stack.db.prepare("INSERT INTO admin_users (email, password_hash, role) VALUES (?1, ?2, 'owner')").bind(owner.email, await hashPassword(owner.password)).run();
}

/** Signs in to the stack's admin; with JavaScript, once the login page has hydrated. */
export async function signInOnStack(page: Page, stack: EmailStack, owner: StackOwner, javaScriptEnabled = false) {
  await page.goto(`${stack.origin}/admin/login`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
