import { expect, test, type Page } from "@playwright/test";
import { CONTACT_MESSAGES } from "../../app/features/contact/contact-schema";
import { named, recordTrackedEvents } from "./analytics-helpers";
import { uniqueEmail, waitForHydration, WITHOUT_SERVICE_WORKER } from "./helpers";

test.use(WITHOUT_SERVICE_WORKER);

// With JavaScript the contact form goes to the /contact page's own action through Remix, as data
// (ADR 0051): no reload, no endpoint of its own.
const ACTION_REQUESTS = "**/contact?_data=*";

async function openContactForm(page: Page) {
  await page.goto("/contact");
  // The enhanced form exists only once React has hydrated; before that a click posts the page.
  await waitForHydration(page);
}

async function fillValidMessage(page: Page, name = "Grace Hopper") {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email address").fill(uniqueEmail("contact-js"));
  await page.getByLabel("Subject").fill("Feature request");
  await page.getByLabel("Message").fill("Please add a widget for the home screen.");
}

test.describe("contact form with JavaScript", () => {
  test("sends nothing while a field is refused; each message goes once its field is corrected", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/contact") sent.push(request.url());
    });
    await openContactForm(page);
    await page.getByLabel("Name").fill("Grace");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.subjectRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.messageTooShort)).toBeVisible();
    // The first refused field has the focus, and says why.
    const email = page.getByLabel("Email address");
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");

    await email.fill("grace@example.com");
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText(CONTACT_MESSAGES.subjectRequired)).toBeVisible();
    expect(sent).toEqual([]);
  });

  test("shows 'Sending...' with a disabled button while sending, then the thanks without a reload", async ({ page }) => {
    await openContactForm(page);
    let releaseRequest!: () => void;
    const requestHeld = new Promise<void>((resolve) => (releaseRequest = resolve));
    await page.route(ACTION_REQUESTS, async (route) => {
      await requestHeld;
      await route.continue();
    });
    await fillValidMessage(page);
    // A reload would drop this mark.
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await page.getByRole("button", { name: "Send message" }).click();
    const pending = page.getByRole("button", { name: "Sending..." });
    try {
      await expect(pending).toBeVisible();
      await expect(pending).toBeDisabled();
    } finally {
      releaseRequest();
    }
    await expect(page.getByText("Thanks, Grace! Your message has reached us.")).toBeVisible();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("shows the network error message when the connection drops, and keeps what was typed", async ({ page }) => {
    await openContactForm(page);
    await page.route(ACTION_REQUESTS, (route) => route.abort("internetdisconnected"));
    await fillValidMessage(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Network error. Please check your connection and try again.");
    await expect(page.getByLabel("Subject")).toHaveValue("Feature request");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Talk to the person who builds/);

    // Once the connection is back, the same form goes through.
    await page.unroute(ACTION_REQUESTS);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thanks, Grace! Your message has reached us.")).toBeVisible();
  });

  test("shows the server message when something between answers with an error page", async ({ page }) => {
    await openContactForm(page);
    await page.route(ACTION_REQUESTS, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await fillValidMessage(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Server error. Our team has been notified. Please try again later.");
    await expect(page.getByLabel("Message")).toHaveValue("Please add a widget for the home screen.");
  });

  test("'Send another message' opens an empty form at its first field", async ({ page }) => {
    await openContactForm(page);
    await fillValidMessage(page, "Ada Lovelace");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("link", { name: "Send another message" }).click();
    await expect(page.getByLabel("Name")).toBeFocused();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("records each send for analytics: a refusal as one line, then the success", async ({ page }) => {
    const events = await recordTrackedEvents(page);
    await openContactForm(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(CONTACT_MESSAGES.nameRequired)).toBeVisible();
    await fillValidMessage(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thanks, Grace! Your message has reached us.")).toBeVisible();
    await expect
      .poll(() => named(events, "form_submit").map((e) => e.properties))
      .toEqual([
        { form: "contact", success: false, error: CONTACT_MESSAGES.checkFields },
        { form: "contact", success: true, error: null },
      ]);
  });
});
