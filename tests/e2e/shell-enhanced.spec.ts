import { expect, test } from "@playwright/test";

test("Copy Link shows 'Copied!' for 2 seconds", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/home");
  const button = page.locator("footer").getByRole("button", { name: "Copy Link" });
  await button.click();
  await expect(page.locator("footer").getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/home`);
  await page.waitForTimeout(1500);
  await expect(page.locator("footer").getByText("Copied!")).toBeVisible();
  await expect(page.locator("footer").getByText("Copy Link")).toBeVisible({ timeout: 1500 });
});
