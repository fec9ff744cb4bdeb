import { expect, test, type Page } from "@playwright/test";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { waitForHydration } from "./helpers";

/** The switcher a visitor sees at this width: the header's (1024 px and up) or the one in the mobile menu. */
function headerSwitcher(page: Page) {
  return page.locator("header details.language-switcher:visible");
}

async function open(page: Page, javaScriptEnabled: boolean, path: string) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

test.describe("language switcher", () => {
  test("on /waitlist: opened by keyboard, Deutsch leads to /de/waitlist in German and remembers it", async ({ page, context, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, javaScriptEnabled, "/waitlist");
    const switcher = headerSwitcher(page);
    const button = switcher.locator("summary");
    await expect(button).toHaveAccessibleName("Current language: English");
    const list = switcher.getByRole("list", { name: "Change language" });
    await expect(list).toBeHidden();

    // Tab from the page's start to the switcher, as a keyboard user gets there.
    await page.locator("body").focus();
    for (let tab = 0; tab < 20 && !(await button.evaluate((element) => element === document.activeElement)); tab++) await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(list).toBeVisible();
    // The current language is marked, and only it.
    await expect(list.getByRole("button", { name: "English" })).toHaveAttribute("aria-current", "true");
    await expect(list.locator("[aria-current]")).toHaveCount(1);

    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const deutsch = list.getByRole("button", { name: "Deutsch" });
    await expect(deutsch).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/de\/waitlist$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect((await context.cookies()).find((cookie) => cookie.name === "lv_lang")?.value).toBe("de");
    const german = headerSwitcher(page);
    await expect(german.locator("summary")).toHaveAccessibleName(i18nFor("de")._("common.language.current", { language: "Deutsch" }));
    await german.locator("summary").click();
    await expect(german.getByRole("button", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
    await expect(german.locator("[aria-current]")).toHaveCount(1);
    // The page's other links stay in the language.
    const nav = page.getByRole("navigation", { name: i18nFor("de")._("common.nav.main") }).first();
    await expect(nav.getByRole("link", { name: i18nFor("de")._("common.nav.blog") })).toHaveAttribute("href", "/de/blog");
  });

  test("in the mobile menu and in the footer, each names every language in its own words", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await open(page, javaScriptEnabled, "/fr/waitlist");
    await page.locator("details.mobile-menu > summary").click();
    const switcher = headerSwitcher(page);
    await switcher.locator("summary").click();
    const names = ["English", "Deutsch", "Français", "Español", "Português (Brasil)", "日本語"];
    await expect(switcher.getByRole("button")).toHaveText(names);
    await expect(switcher.getByRole("button", { name: "Français" })).toHaveAttribute("aria-current", "true");
    await expect(switcher.getByRole("button", { name: "日本語" })).toHaveAttribute("lang", "ja");
    await switcher.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    const footer = page.locator("footer details.language-switcher");
    await footer.locator("summary").click();
    await expect(footer.getByRole("button")).toHaveText(names);
    await expect(footer.getByRole("button", { name: "English" })).toHaveAttribute("aria-current", "true");
  });

  test("closes on Escape and gives focus back to its button, inside the mobile menu too", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Escape is JavaScript's; without it the list closes with its button");
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, javaScriptEnabled, "/waitlist");
    const switcher = headerSwitcher(page);
    await switcher.locator("summary").focus();
    await page.keyboard.press("Enter");
    const list = switcher.getByRole("list");
    await expect(list).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(switcher.locator("summary")).toBeFocused();

    // In the mobile menu the first Escape closes the switcher only, the second the menu.
    await page.setViewportSize({ width: 768, height: 900 });
    const menu = page.locator("details.mobile-menu");
    await menu.locator("> summary").click();
    const inMenu = headerSwitcher(page);
    await inMenu.locator("summary").click();
    await expect(inMenu.getByRole("list")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(inMenu.getByRole("list")).toBeHidden();
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test("a client-side navigation into another language renders the header's switcher and the footer in it", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript every navigation loads a document");
    await page.setViewportSize({ width: 1280, height: 900 });
    // A hydrated page (island pages such as /home have no router, ADR 0060).
    await open(page, javaScriptEnabled, "/pricing");
    // No link crosses languages today; the router is driven directly, as such a link would.
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/de/features"));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(headerSwitcher(page).locator("summary")).toHaveAccessibleName("Aktuelle Sprache: Deutsch");
    const footer = page.locator("footer");
    await expect(footer.getByRole("navigation", { name: "Produkt" }).getByRole("link", { name: "Preise" })).toHaveAttribute("href", "/de/pricing");
    await expect(footer.getByRole("button", { name: "Link kopieren" })).toBeVisible();
    await expect(footer.getByText("Product", { exact: true })).toHaveCount(0);
  });
});
