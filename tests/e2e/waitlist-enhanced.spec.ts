import { expect, test } from "@playwright/test";
import { uniqueEmail, waitForHydration, WAITLIST_ACTION_REQUESTS, waitlistSection, waitlistSubmit, WITHOUT_SERVICE_WORKER } from "./helpers";

test.use(WITHOUT_SERVICE_WORKER);

test.describe("beta waitlist with JavaScript", () => {
  test("shows 'Joining...' with a disabled button while sending", async ({ page }) => {
    await page.goto("/home#waitlist");
    // The enhanced form exists only once React has hydrated; before that a click posts the page.
    await waitForHydration(page);
    // Hold the real request back until the pending state has been seen (not for a fixed time, which
    // a slow machine can outlast before the check runs), then let it through.
    let releaseRequest!: () => void;
    const requestHeld = new Promise<void>((resolve) => (releaseRequest = resolve));
    await page.route(WAITLIST_ACTION_REQUESTS, async (route) => {
      await requestHeld;
      await route.continue();
    });
    const section = waitlistSection(page);
    await section.getByLabel("Email address").fill(uniqueEmail("pending"));
    await waitlistSubmit(page).click();
    const pending = section.getByRole("button", { name: "Joining..." });
    try {
      await expect(pending).toBeVisible();
      await expect(pending).toBeDisabled();
    } finally {
      releaseRequest();
    }
    await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
  });

  test("Share copies the text and the page URL when native share is absent", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.addInitScript(() => {
      // Desktop Chromium without the Web Share API.
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto("/home#waitlist");
    // The enhanced form exists only once React has hydrated; before that a click posts the page.
    await waitForHydration(page);
    await waitlistSection(page).getByLabel("Email address").fill(uniqueEmail("share"));
    await waitlistSubmit(page).click();
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Copied to clipboard!")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("I just joined the");
    expect(copied).toContain(`${baseURL}/home`);
  });

  test("on /home the form loads the code of /waitlist, where it posts, before anything is sent", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/home#waitlist");
    await waitForHydration(page);
    await expect(waitlistSection(page).getByLabel("Email address")).toBeVisible();
    // The route's module holds its clientAction: without it at hand, the first send would wait for it.
    const module = await page.evaluate(() => (window as unknown as { __remixManifest: { routes: Record<string, { module: string }> } }).__remixManifest.routes["routes/($lang).waitlist"]!.module);
    await expect.poll(() => requested).toContain(module);
    expect(requested.some((path) => path === "/waitlist")).toBe(false);
  });

  test("shows the network error message when the connection drops", async ({ page }) => {
    await page.goto("/home#waitlist");
    // The enhanced form exists only once React has hydrated; before that a click posts the page.
    await waitForHydration(page);
    await page.route(WAITLIST_ACTION_REQUESTS, (route) => route.abort("internetdisconnected"));
    await waitlistSection(page).getByLabel("Email address").fill(uniqueEmail("offline"));
    await waitlistSubmit(page).click();
    await expect(page.getByText("Network error. Please check your connection and try again.")).toBeVisible();
  });
});
