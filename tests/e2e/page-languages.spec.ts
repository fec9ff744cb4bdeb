import { expect, test, type Page } from "@playwright/test";
import { LANGUAGES, localizedPath } from "~/lib/i18n/languages";
import { renderDeferredSections, waitForHydration } from "./helpers";

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

// Prices are formatted by Intl on the server (workerd) and again while hydrating (Chromium): both must agree.
for (const lang of ["fr", "es", "pt-br", "ja"]) {
  test(`/${lang}/pricing hydrates its prices without a mismatch`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`/${lang}/pricing`);
    await waitForHydration(page);
    await expect(page.locator("[data-plan-price]").nth(1)).toContainText("2");
    expect(errors).toEqual([]);
  });
}

// /de/blog ships only its islands (ADR 0060); reached from a hydrated page, the browser renders it and its posts.
test("a post opened from the German blog index says it is in English, after client navigations too", async ({ page }) => {
  const errors = collectErrors(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await page.goto("/de/download");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/blog$/);
  await page.getByTestId("post-list").locator(":scope > li").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/de\/blog\/[a-z0-9-]+$/);
  await expect(page.getByTestId("english-only-notice")).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(MESSAGE_ID);
  expect(documents).toEqual(["/de/download"]);
  expect(errors).toEqual([]);
});

// Longer words (German, Portuguese) and other line breaking (Japanese) must not widen any page on the
// smallest screen; /home's off-screen sections are rendered as they are when a visitor scrolls to them.
const EVERY_PUBLIC_PAGE = ["/home", "/features", "/how-it-works", "/pricing", "/download", "/about", "/contact", "/blog", "/tutorials", "/tutorials/getting-started", "/link-sanitization", "/waitlist", "/waitlist/link", "/notify", "/promotion", "/promotion-blue", "/privacy.html", "/terms.html"];

for (const { code } of LANGUAGES) {
  test(`no public page in ${code} scrolls sideways at 320 px`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const overflowing: string[] = [];
    for (const path of EVERY_PUBLIC_PAGE.map((englishPath) => localizedPath(code, englishPath))) {
      await page.goto(path);
      await waitForHydration(page);
      await renderDeferredSections(page);
      const overflow = await page.evaluate(async () => {
        await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
        return document.documentElement.scrollWidth - document.documentElement.clientWidth;
      });
      if (overflow > 0) overflowing.push(`${path}: ${overflow}px too wide`);
    }
    expect(overflowing).toEqual([]);
  });
}
