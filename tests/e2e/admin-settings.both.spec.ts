/**
 * Site settings from the admin take effect for visitors on their next request, with and without JavaScript.
 */
import { expect, test } from "@playwright/test";
import { flash, signInAsAdmin } from "./admin-helpers";

// Other specs expect / to show the landing page: whatever happens here, the setting goes back off.
test.afterEach(async ({ page, baseURL }) => {
  const response = await page.request.post("/admin/settings", {
    form: { intent: "save-settings", show_customer_reviews: "true", promotion_as_entry_page: "false" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(response.ok()).toBe(true);
});

test("turning on promotion_as_entry_page sends / to /promotion; turning it off brings the landing page back", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const entry = page.getByRole("group", { name: "Promotion page as the entry page" });
  await entry.getByLabel("On").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(flash(page)).toHaveText("Settings saved.");

  await page.goto("/");
  await expect(page).toHaveURL(/\/promotion$/);

  await page.goto("/admin/settings");
  await page.getByRole("group", { name: "Promotion page as the entry page" }).getByLabel("Off").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(flash(page)).toHaveText("Settings saved.");
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator("#waitlist")).toBeVisible();
});
