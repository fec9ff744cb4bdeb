import { expect, test, type Page } from "@playwright/test";
import { waitForHydration, waitForScrollToSettle } from "./helpers";

const TRACKED =
  "https://news.example.com/2025/03/the-case-for-slow-software?utm_source=newsletter&utm_medium=email&id=7&fbclid=IwAR2xK9dQ7vLmZ3pTq8&gclid=Cj0KCQjw8MG1BhCoARIsAHxSiQ";
const CLEANED = "https://news.example.com/2025/03/the-case-for-slow-software?id=7";
const REMOVED = ["utm_source", "utm_medium", "fbclid", "gclid"];

async function expectCleanedResult(page: Page) {
  await expect(page.getByLabel("Cleaned link")).toHaveValue(CLEANED);
  const removed = page.getByRole("list").filter({ hasText: "Google Ads click identifier" });
  for (const name of REMOVED) await expect(removed.getByText(name, { exact: true })).toBeVisible();
  await expect(page.locator(".alert-success")).toHaveText("Removed 4 tracking parameters. The link is 100 characters shorter (61%).");
}

test.describe("link cleaner with JavaScript", () => {
  test("cleans in place without reloading, and Copy puts the cleaned link on the clipboard", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/link-sanitization");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Links without the trackers");

    // A marker on window survives only if the page is not reloaded; no request may reach the server.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const documentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/link-sanitization")) documentRequests.push(request.url());
    });

    await page.getByLabel("Link to clean").fill(TRACKED);
    await page.getByRole("button", { name: "Clean link" }).click();

    await expectCleanedResult(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(documentRequests).toEqual([]);
    // The result is linkable: the address holds the link that was cleaned.
    expect(new URL(page.url()).searchParams.get("url")).toBe(TRACKED);

    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CLEANED);
  });

  test("shows the error for a javascript: link and recovers with a real one", async ({ page }) => {
    await page.goto("/link-sanitization");
    await waitForHydration(page);
    const field = page.getByLabel("Link to clean");
    await field.fill("javascript:alert(1)");
    await field.press("Enter");
    await expect(page.locator("#sanitizer-error")).toHaveText("Only web links (http or https) can be cleaned.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();

    await field.fill("youtu.be/dQw4w9WgXcQ?si=abc&t=42");
    await page.getByRole("button", { name: "Clean link" }).click();
    await expect(page.getByLabel("Cleaned link")).toHaveValue("https://youtu.be/dQw4w9WgXcQ?t=42");
    await expect(page.locator("li", { hasText: "YouTube share identifier" })).toBeVisible();
    await expect(page.locator("#sanitizer-error")).toHaveCount(0);
  });

  test("a shared result link renders the result on first load", async ({ page }) => {
    await page.goto(`/link-sanitization?url=${encodeURIComponent(TRACKED)}`);
    await expectCleanedResult(page);
    await expect(page.getByLabel("Link to clean")).toHaveValue(TRACKED);
  });
});

test.describe("link cleaner without JavaScript", () => {
  test("the form submits to the page and the server renders the result", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto("/link-sanitization");
      await expect(page.getByText("Nothing cleaned yet.")).toBeVisible();
      await page.getByLabel("Link to clean").fill(TRACKED);
      await Promise.all([page.waitForURL(/\/link-sanitization\?url=/), page.getByRole("button", { name: "Clean link" }).click()]);
      await expectCleanedResult(page);
      // Copy needs JavaScript, so it is not offered.
      await expect(page.getByRole("button", { name: "Copy", exact: true })).toHaveCount(0);

      await page.getByLabel("Link to clean").fill("data:text/html,hello");
      await Promise.all([page.waitForURL(/url=data/), page.getByRole("button", { name: "Clean link" }).click()]);
      await expect(page.locator("#sanitizer-error")).toHaveText("Only web links (http or https) can be cleaned.");
    } finally {
      await context.close();
    }
  });
});

test.describe("legal pages", () => {
  // Smooth scrolling is not what these tests are about: without it each jump ends at once, and the
  // checks below read where it ended, not a frame of an animation (issue 18).
  test.use({ reducedMotion: "reduce" });

  const contents = (page: Page) => page.getByRole("navigation", { name: "Contents" });

  /** Clicks a table-of-contents link and answers its section, once the page has stopped scrolling. */
  async function jumpTo(page: Page, index: number) {
    const link = contents(page).getByRole("link").nth(index);
    const target = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await waitForScrollToSettle(page);
    return page.locator(target);
  }

  test("one h1, a working table of contents and the footer links", async ({ page }) => {
    for (const [path, title] of [
      ["/privacy.html", "Privacy Policy"],
      ["/terms.html", "Terms of Service"],
    ] as const) {
      await page.goto("/home");
      await page.locator("footer").getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(".", "\\.")}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(await jumpTo(page, 1)).toBeInViewport();
    }
  });

  test("a contents link lands on its section after another page's contents link was used", async ({ page }) => {
    // Scroll restoration once keyed every in-page jump alike, so the second jump was sent back to where
    // the first one had been left (app/lib/scroll-restoration.ts).
    await page.goto("/terms.html");
    await waitForHydration(page);
    await expect(await jumpTo(page, -1)).toBeInViewport();
    // The terms' own link to the Privacy Policy: a client-side navigation.
    await page.locator("main").getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(await jumpTo(page, 1)).toBeInViewport();
  });
});
