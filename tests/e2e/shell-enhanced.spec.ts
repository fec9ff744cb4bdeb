import { expect, test } from "@playwright/test";
import { COPIED_CONFIRMATION_MS } from "../../app/lib/constants";
import { installFrozenClock, waitForHydration } from "./helpers";

test("Copy Link shows 'Copied!' for 2 seconds", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  // The page's clock moves only when told to, so a busy machine cannot eat into the 2 seconds.
  await installFrozenClock(page);
  await page.goto("/home");
  await waitForHydration(page);
  const footer = page.locator("footer");
  await footer.getByRole("button", { name: "Copy Link" }).click();
  await expect(footer.getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/home`);
  await page.clock.runFor(COPIED_CONFIRMATION_MS - 100);
  await expect(footer.getByText("Copied!")).toBeVisible();
  await page.clock.runFor(200);
  await expect(footer.getByRole("button", { name: "Copy Link" })).toBeVisible();
  await expect(footer.getByText("Copied!")).toHaveCount(0);
});
