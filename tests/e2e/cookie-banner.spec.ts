import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { COOKIE_BANNER_DELAY_MS } from "../../app/lib/constants";
import { describeViolations } from "./helpers";

// Cookie banner and consent (spec sections 3 and 4). The page clock is installed and paused before
// the page loads, so the banner's delay runs only when the test advances time.

// Reloads are part of these tests; keep them independent of the offline service worker.
// A first visit: nothing stored yet (the other specs start as returning visitors).
test.use({ serviceWorkers: "block", storageState: { cookies: [], origins: [] } });

const START = new Date("2025-06-01T09:00:00.000Z");

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

async function storedConsent(page: Page) {
  return page.evaluate(() => ({
    consent: localStorage.getItem("cookie-consent"),
    date: localStorage.getItem("cookie-consent-date"),
  }));
}

/** Consent Mode commands gtag pushed (dataLayer holds `arguments` objects). */
async function consentCommands(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === "consent")
      .map((args) => ({ kind: args[1] as string, signals: args[2] as Record<string, unknown> })),
  );
}

/** Loads a page with a paused clock and waits until React has hydrated (the banner's timer is set). */
async function load(page: Page, path = "/home") {
  await page.goto(path);
  await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeVisible();
}

async function openBanner(page: Page) {
  await load(page);
  await page.clock.runFor(COOKIE_BANNER_DELAY_MS);
  await expect(banner(page)).toBeVisible();
}

/** Installs the page clock and pauses it, so timers run only when a test advances time. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START.getTime() + 1000);
}

test.describe("with a paused clock", () => {
  test.beforeEach(async ({ page }) => pauseClock(page));

  test("appears 2000 ms after load when nothing is stored, as a fixed overlay", async ({ page }) => {
    await load(page);
    const layout = () =>
      page.evaluate(() => ({
        scrollY: window.scrollY,
        mainTop: document.getElementById("main")!.getBoundingClientRect().top,
        pageHeight: document.documentElement.scrollHeight,
      }));
    const before = await layout();
    await page.clock.runFor(1900);
    await expect(banner(page)).toBeHidden();
    await page.clock.runFor(COOKIE_BANNER_DELAY_MS - 1900);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveCSS("position", "fixed");
    // An overlay: nothing on the page moves when it appears. The page gains room at its end as tall as
    // the banner, so that its last lines can be scrolled clear of it.
    const bannerHeight = await banner(page).evaluate((element) => (element as HTMLElement).offsetHeight);
    await expect.poll(layout).toEqual({ ...before, pageHeight: before.pageHeight + bannerHeight });
    // Not modal: it does not take focus when it appears by itself.
    expect(await banner(page).evaluate((element) => element.contains(document.activeElement))).toBe(false);
  });

  test("X closes without saving, and the banner comes back on the next load", async ({ page }) => {
    await openBanner(page);
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toEqual({ consent: null, date: null });

    await page.reload();
    await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.clock.runFor(COOKIE_BANNER_DELAY_MS);
    await expect(banner(page)).toBeVisible();
  });

  test("Escape closes without saving", async ({ page }) => {
    await openBanner(page);
    await banner(page).getByRole("button", { name: "Accept All" }).focus();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toBeHidden();
    expect((await storedConsent(page)).consent).toBeNull();
  });

  test("Accept All stores all four categories with an ISO date and grants Consent Mode", async ({ page }) => {
    await openBanner(page);
    const defaults = (await consentCommands(page)).filter((command) => command.kind === "default");
    expect(defaults).toHaveLength(1);
    expect(defaults[0]?.signals).toMatchObject({ analytics_storage: "denied", ad_storage: "denied", security_storage: "granted" });
    expect((await consentCommands(page)).some((command) => command.kind === "update")).toBe(false);

    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden();
    const { consent, date } = await storedConsent(page);
    expect(JSON.parse(consent ?? "null")).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    expect(date).not.toBeNull();
    expect(new Date(date ?? "").toISOString()).toBe(date);
    expect(Math.abs(Date.parse(date ?? "") - START.getTime())).toBeLessThan(60_000);

    const update = (await consentCommands(page)).filter((command) => command.kind === "update").at(-1);
    expect(update?.signals).toMatchObject({
      analytics_storage: "granted",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      functionality_storage: "granted",
      personalization_storage: "granted",
      security_storage: "granted",
    });

    // The stored choice is applied by the head script on the next load, before any tag.
    await page.reload();
    await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeVisible();
    const afterReload = await consentCommands(page);
    expect(afterReload.map((command) => command.kind)).toEqual(["default", "update"]);
    expect(afterReload[1]?.signals).toMatchObject({ analytics_storage: "granted" });
  });

  test("Reject All stores only necessary and keeps analytics denied", async ({ page }) => {
    await openBanner(page);
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await expect(banner(page)).toBeHidden();
    const { consent, date } = await storedConsent(page);
    expect(JSON.parse(consent ?? "null")).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
    expect(new Date(date ?? "").toISOString()).toBe(date);
    const update = (await consentCommands(page)).filter((command) => command.kind === "update").at(-1);
    expect(update?.signals).toMatchObject({ analytics_storage: "denied", ad_storage: "denied", security_storage: "granted" });
  });

  test("Customize: necessary is locked on, Back returns, Save Preferences stores the toggles", async ({ page }) => {
    await openBanner(page);
    await banner(page).getByRole("button", { name: "Customize" }).click();
    const necessary = banner(page).getByRole("switch", { name: "Necessary" });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expect(banner(page).getByText("Always on")).toBeVisible();
    for (const name of ["Analytics", "Functional", "Marketing"]) await expect(banner(page).getByRole("switch", { name })).not.toBeChecked();

    await banner(page).getByRole("button", { name: "Back" }).click();
    await expect(banner(page).getByRole("button", { name: "Accept All" })).toBeVisible();
    await expect(banner(page).getByRole("switch")).toHaveCount(0);

    await banner(page).getByRole("button", { name: "Customize" }).click();
    // Keyboard: Space toggles the focused switch.
    await banner(page).getByRole("switch", { name: "Analytics" }).focus();
    await page.keyboard.press("Space");
    await expect(banner(page).getByRole("switch", { name: "Analytics" })).toBeChecked();
    await banner(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner(page)).toBeHidden();
    expect(JSON.parse((await storedConsent(page)).consent ?? "null")).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: false,
    });
    const update = (await consentCommands(page)).filter((command) => command.kind === "update").at(-1);
    expect(update?.signals).toMatchObject({ analytics_storage: "granted", ad_storage: "denied", functionality_storage: "denied" });
  });

  test("after a choice the banner stays hidden on reload, even after 5 s", async ({ page }) => {
    await openBanner(page);
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await page.reload();
    await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeVisible();
    await page.clock.runFor(5000);
    await expect(banner(page)).toBeHidden();
  });

  test("a corrupt stored value is logged and treated as no consent", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto("/home");
    await page.evaluate(() => localStorage.setItem("cookie-consent", "{not json"));
    await page.reload();
    await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeVisible();
    await page.clock.runFor(COOKIE_BANNER_DELAY_MS);
    await expect(banner(page)).toBeVisible();
    expect(warnings.some((text) => text.includes("cookie-consent"))).toBe(true);
  });

  test("footer Cookie settings reopens the banner with the current choices and moves focus into it", async ({ page }) => {
    await openBanner(page);
    await banner(page).getByRole("button", { name: "Customize" }).click();
    await banner(page).getByRole("switch", { name: "Marketing" }).check();
    await banner(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner(page)).toBeHidden();

    const settings = page.locator("footer").getByRole("button", { name: "Cookie settings" });
    await settings.click();
    await expect(banner(page)).toBeVisible();
    expect(await banner(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(banner(page).getByRole("switch", { name: "Marketing" })).toBeChecked();
    await expect(banner(page).getByRole("switch", { name: "Analytics" })).not.toBeChecked();

    // Closing returns focus to the button that opened it.
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
  });

  test("keyboard users reach it first: Tab goes through its choices, then the skip link, which still works", async ({ page }) => {
    await openBanner(page);
    const focusedName = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
      });
    const stops: string[] = [];
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press("Tab");
      stops.push(await focusedName());
    }
    // The choices first, the close button last, then the page from its start.
    expect(stops).toEqual(["Privacy Policy", "Reject All", "Accept All", "Customize", "Close", "Skip to content"]);

    // A choice by keyboard closes the banner; the next Tab is the skip link, and it skips to the content.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(banner(page).getByRole("button", { name: "Customize" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(banner(page).getByRole("button", { name: "Reject All" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    expect(JSON.parse((await storedConsent(page)).consent ?? "null")).toMatchObject({ analytics: false });
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to content" });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();

    // A returning visitor sees no banner: the first Tab is the skip link.
    await page.reload();
    await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeVisible();
    await page.clock.runFor(COOKIE_BANNER_DELAY_MS);
    await page.keyboard.press("Tab");
    await expect(skipLink).toBeFocused();
  });

  test("footer Cookie settings opens the banner before the delay when nothing is stored", async ({ page }) => {
    await load(page);
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept All" })).toBeVisible();
  });
});

for (const width of [320, 375, 768, 1280]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`fits the viewport and passes axe at ${width} px (${scheme})`, async ({ page }) => {
      // Real time here: axe schedules its own timers. The banner opens after its 2 s delay; the
      // full landing page at 1280 px can take a while to hydrate and analyse on a loaded machine.
      test.slow();
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/home");
      await expect(banner(page)).toBeVisible({ timeout: COOKIE_BANNER_DELAY_MS + 20_000 });
      for (const view of ["summary", "customize"] as const) {
        if (view === "customize") await banner(page).getByRole("button", { name: "Customize" }).click();
        await banner(page).evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
        const box = await banner(page).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        expect(box!.y + box!.height).toBeLessThanOrEqual(800);
        const results = await new AxeBuilder({ page })
          .include(".cookie-banner")
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        expect(describeViolations(results, view)).toEqual([]);
      }
    });
  }
}
