/**
 * The owner manages reviews in the admin and visitors see the result on /home at once,
 * with and without JavaScript.
 */
import { expect, test } from "@playwright/test";
import { flash, signInAsAdmin } from "./admin-helpers";

test("create a review, see it on /home, hide it and see it gone, then delete it after confirming", async ({ page, browserName }, testInfo) => {
  const title = `Finally, bookmarks I can find (${testInfo.project.name} ${browserName} ${Date.now().toString(36)})`;
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await page.getByRole("link", { name: "New review" }).click();

  // (The spec's validation messages are covered by the integration tests: the browser's own
  // required-field check stops an empty title before it is sent.)
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Review text").fill("Tags and folders that sync without an account. Exactly what I wanted.");
  await page.getByLabel("Author name").fill("Priya N.");
  await page.getByLabel("Rating").selectOption("5");
  await page.getByLabel("Sort order").fill("0");
  await page.getByRole("button", { name: "Create review" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await expect(flash(page)).toHaveText("Review created.");

  await page.goto("/home");
  await expect(page.locator("#reviews")).toContainText(title);

  await page.goto("/admin/reviews");
  await page.getByRole("button", { name: `Hide review “${title}” from the landing page` }).click();
  await expect(flash(page)).toContainText("hidden");
  await page.goto("/home");
  await expect(page.locator("#reviews")).not.toContainText(title);

  await page.goto("/admin/reviews");
  await page.getByRole("link", { name: `Delete review “${title}”` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: /Delete/ }).click();
  await expect(flash(page)).toHaveText("Review deleted.");
  await expect(page.getByRole("table")).not.toContainText(title);
});
