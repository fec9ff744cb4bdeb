import { expect, test, type Page, type Request } from "@playwright/test";
import { NOTIFY_MODAL_AUTO_CLOSE_MS } from "../../app/lib/constants";
import { NOTIFY_TEXT } from "../../app/lib/messages";
import { installFrozenClock, NOTIFY_ACTION_REQUESTS, uniqueEmail, waitForHydration, WITHOUT_SERVICE_WORKER } from "./helpers";

test.use(WITHOUT_SERVICE_WORKER);

/** The form fields the modal sent to our server. */
function sentFields(request: Request): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.postData() ?? "")) as Record<string, string>;
}

async function openFromAndroid(page: Page) {
  await page.getByRole("link", { name: /Notify Me when Android/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("notification modal", () => {
  test("requires name and email, shows Submitting..., the green success, and closes 3 s after success", async ({ page }) => {
    await installFrozenClock(page);
    await page.goto("/home");
    await waitForHydration(page);
    const dialog = await openFromAndroid(page);
    await expect(dialog.getByRole("heading", { name: "Get notified when Android launches" })).toBeVisible();
    // Focus is inside the dialog.
    await expect(dialog.getByLabel("Name")).toBeFocused();

    // Both fields are required: nothing is sent while one is empty.
    let posts = 0;
    page.on("request", (r) => {
      // Analytics beacons (/api/events) are not the form being sent.
      if (r.method() === "POST" && !r.url().endsWith("/api/events")) posts++;
    });
    await dialog.getByLabel("Email address").fill(uniqueEmail("modal"));
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    expect(posts).toBe(0);

    await dialog.getByLabel("Name").fill("Grace Hopper");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(NOTIFY_ACTION_REQUESTS, async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest(NOTIFY_ACTION_REQUESTS);
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    const fields = sentFields(await sent);
    expect(fields).toMatchObject({ intent: "waitlist", platform: "android", source: "notification_modal", name: "Grace Hopper" });

    const success = dialog.getByRole("status");
    await expect(success).toContainText("Android");
    await expect(success).toHaveCSS("color", /rgb\(21, 128, 61\)|rgb\(187, 247, 208\)/);
    await expect(dialog.getByLabel("Name")).toHaveValue("");

    await page.clock.runFor(NOTIFY_MODAL_AUTO_CLOSE_MS - 200);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(300);
    await expect(dialog).toBeHidden();
  });

  test("the beta program button sends intent beta_testing", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Join Beta Program" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Ada");
    await dialog.getByLabel("Email address").fill(uniqueEmail("beta"));
    const sent = page.waitForRequest(NOTIFY_ACTION_REQUESTS);
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    expect(sentFields(await sent)).toMatchObject({ intent: "beta_testing", platform: "ios" });
    await expect(dialog.getByRole("status")).toBeVisible();
  });

  test("a platform request offers news and updates as a choice of its own: unticked, reached with Tab, ticked with Space", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const dialog = await openFromAndroid(page);
    const choice = dialog.getByRole("checkbox", { name: NOTIFY_TEXT.updatesChoice });
    await expect(choice).not.toBeChecked();
    await dialog.getByLabel("Name").fill("Ada");
    await dialog.getByLabel("Email address").fill(uniqueEmail("updates"));
    await page.keyboard.press("Tab");
    await expect(choice).toBeFocused();
    await page.keyboard.press("Space");
    await expect(choice).toBeChecked();
    const sent = page.waitForRequest(NOTIFY_ACTION_REQUESTS);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(sentFields(await sent)).toMatchObject({ intent: "waitlist", platform: "android", updates: "yes" });
    await expect(dialog.getByRole("status")).toContainText("Android");
  });

  test("without the tick, no news and updates are asked for; the beta program and the roadmap's updates button offer no such choice", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    let dialog = await openFromAndroid(page);
    await dialog.getByLabel("Name").fill("Ada");
    await dialog.getByLabel("Email address").fill(uniqueEmail("no-updates"));
    const sent = page.waitForRequest(NOTIFY_ACTION_REQUESTS);
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    expect(sentFields(await sent)).not.toHaveProperty("updates");
    await dialog.getByRole("button", { name: "Close" }).click();

    for (const [opener, heading] of [
      ["Join Beta Program", "Join the beta program"],
      ["Get Notified of Updates", "Get notified of updates"],
    ] as const) {
      await page.getByRole("link", { name: opener }).click();
      dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: heading })).toBeVisible();
      await expect(dialog.getByRole("checkbox")).toHaveCount(0);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test("shows the generic error when the submission fails", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    await page.route(NOTIFY_ACTION_REQUESTS, (route) => route.fulfill({ status: 500, body: "boom" }));
    const dialog = await openFromAndroid(page);
    await dialog.getByLabel("Name").fill("Ada");
    await dialog.getByLabel("Email address").fill(uniqueEmail("err"));
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Something went wrong. Please try again.");
  });

  test("closes on Escape and returns focus to the button that opened it", async ({ page }) => {
    await page.goto("/home");
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: /Notify Me when Android/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Tab stays inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test("without JavaScript, Notify Me leads to a page with the same form that stores the request", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/home");
  await page.getByRole("link", { name: /Notify Me when Android/ }).click();
  await expect(page).toHaveURL(/\/notify\?platform=android&intent=waitlist$/);
  await expect(page.getByRole("heading", { level: 1, name: "Get notified when Android launches" })).toBeVisible();
  await page.getByLabel("Name").fill("Linus");
  await page.getByLabel("Email address").fill(uniqueEmail("nojs-notify"));
  await page.getByRole("button", { name: "Notify Me" }).click();
  await expect(page.getByRole("status")).toContainText("Android");
  await context.close();
});
