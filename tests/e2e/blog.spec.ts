import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

test("/blog lists posts newest first with reading time, and a post opens from the list", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  const items = page.getByTestId("post-list").locator(":scope > li");
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(5);
  const dates = await items.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
  expect(dates).toHaveLength(count);
  expect(dates).toEqual([...dates].sort().reverse());
  for (let i = 0; i < count; i++) await expect(items.nth(i)).toContainText(/\d+ min read/);

  const first = items.first().getByRole("link");
  const title = (await first.textContent())?.trim() ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.locator(".prose h2").first()).toBeVisible();

  await page.getByRole("link", { name: "All posts" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("/blog points to the tutorials", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: "Browse the tutorials" }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(page.getByTestId("tutorial-list").locator(":scope > li")).toHaveCount(8);
});

test("previous and next move between tutorials in order", async ({ page }) => {
  await page.goto("/tutorials/getting-started");
  await waitForHydration(page);
  const pager = page.getByRole("navigation", { name: "More tutorials" });
  await expect(pager.getByRole("link", { name: /Previous/ })).toHaveCount(0);

  await pager.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/tutorials\/safari-share-extension$/);
  await expect(page.getByText("Tutorial 2 of 8")).toBeVisible();

  await pager.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/tutorials\/qr-code-integration$/);

  await pager.getByRole("link", { name: /Previous/ }).click();
  await expect(page).toHaveURL(/\/tutorials\/safari-share-extension$/);

  await page.goto("/tutorials/advanced-sync");
  await expect(pager.getByRole("link", { name: /Next/ })).toHaveCount(0);
  await expect(pager.getByRole("link", { name: /Back to all tutorials/ })).toBeVisible();
});

test("an unknown post shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

