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

  test("on /home a send is one request to /waitlist's action, and nothing of the page is loaded again", async ({ page }) => {
    await page.goto("/home#waitlist");
    await waitForHydration(page);
    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_data") || url.pathname === "/home" || url.pathname === "/waitlist") requested.push(`${request.method()} ${url.pathname} ${url.searchParams.get("_data")}`);
    });
    await waitlistSection(page).getByLabel("Email address").fill(uniqueEmail("one-request"));
    await waitlistSubmit(page).click();
    await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
    expect(requested).toEqual(["POST /waitlist routes/($lang).waitlist"]);
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
