import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

// The public pages under a language prefix (issue 32): the browser renders them from the messages
// their loaders send, so a hydrated page in another language must match the server's HTML and
// never show a message id in place of its text, on the first load and after a client navigation.

const PAGES = ["/de/about", "/de/pricing", "/de/download", "/de/contact", "/de/features", "/de/how-it-works", "/de/link-sanitization", "/de/blog", "/de/tutorials", "/de/tutorials/getting-started", "/de/privacy.html", "/de/terms.html", "/de/promotion"];

const MESSAGE_ID = /\b(?:about|articles|blog|contact|download|featuresPage|howItWorksPage|info|legal|pricing|privacy|promotion|sanitizer|terms|tutorials)\.[a-zA-Z-]+\.[a-zA-Z.-]+\b/;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const path of PAGES) {
  test(`${path} hydrates without errors and shows no message ids`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(await page.locator("main").innerText()).not.toMatch(MESSAGE_ID);
    expect(errors).toEqual([]);
  });
}

test("a post opened from the German blog index says it is in English, after a client navigation too", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/de/blog");
  await waitForHydration(page);
  await page.getByTestId("post-list").locator(":scope > li").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/de\/blog\/[a-z0-9-]+$/);
  await expect(page.getByTestId("english-only-notice")).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(MESSAGE_ID);
  expect(errors).toEqual([]);
});
