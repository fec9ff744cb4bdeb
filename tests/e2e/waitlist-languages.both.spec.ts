import { expect, test, type Page } from "@playwright/test";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";

// The waitlist's pages under a language prefix (issue 32): the browser has every message its forms
// read, and the forms stay in the page's language. Runs with and without JavaScript.

/** Collects what the page reports as broken: errors, hydration mismatches, and message ids shown as text. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

const MESSAGE_ID = /\b(?:waitlist|status|statusLink|notify)\.[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)*\b/;

for (const path of ["/de/waitlist", "/de/notify?platform=android&intent=waitlist", "/de/waitlist/link", "/de/promotion"]) {
  test(`${path} hydrates without errors and shows no message id`, async ({ page, javaScriptEnabled }) => {
    const problems = watchProblems(page);
    await page.goto(path);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    expect(await page.locator("main").innerText()).not.toMatch(MESSAGE_ID);
  });
}

test("a sign-up on /de/waitlist is answered by /de/waitlist", async ({ page, javaScriptEnabled }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto("/de/waitlist");
  if (javaScriptEnabled) await waitForHydration(page);
  await waitlistSection(page).getByLabel(i18nFor("de")._("waitlist.form.emailLabel")).fill(uniqueEmail("de-join"));
  await waitlistSubmit(page).click();
  await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
  expect(posts).toEqual(["/de/waitlist"]);
  await expect(page).toHaveURL(/\/de\/waitlist/);
  expect(await page.getByTestId("waitlist-welcome").innerText()).not.toMatch(MESSAGE_ID);
});

for (const path of ["/de/home", "/de/download"]) {
  test(`the notify modal on ${path} has its words, and its form posts to /de/notify`, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the modal needs JavaScript; without it the link leads to /de/notify (above)");
    await page.goto(path);
    await waitForHydration(page);
    const link = page.locator("a[data-notify-platform]").first();
    await expect(link).toHaveAttribute("href", /^\/de\/notify\?/);
    await link.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    expect(await dialog.innerText()).not.toMatch(MESSAGE_ID);
    await expect(dialog.locator("form")).toHaveAttribute("action", /^\/de\/notify\?/);
  });
}
