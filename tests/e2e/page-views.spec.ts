import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

test("records a page view on load and on every route change", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __pageViews: string[] }).__pageViews = seen;
    window.addEventListener("analytics:event", (event) => {
      const detail = (event as CustomEvent<{ name: string; properties: { path: string } }>).detail;
      if (detail.name === "page_view") seen.push(detail.properties.path);
    });
  });
  await page.goto("/home");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pageViews: string[] }).__pageViews)).toEqual(["/home", "/blog", "/home"]);
});
