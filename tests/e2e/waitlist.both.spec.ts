import { expect, test } from "@playwright/test";
import { WAITLIST_TEXT } from "../support/spec-texts";
import { abAssignments, uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";

// Runs twice: in the "js" project (enhanced, no reload) and the "no-js" project (plain form post).

test.describe("beta waitlist", () => {
  test.beforeEach(async ({ page, javaScriptEnabled }) => {
    await page.goto("/home#waitlist");
    if (javaScriptEnabled) await waitForHydration(page);
  });

  test("shows the section with its heading, benefits, fields and privacy note", async ({ page }) => {
    const section = waitlistSection(page);
    await expect(section.getByRole("heading", { name: "Join Our Beta Testing Program" })).toBeVisible();
    for (const benefit of WAITLIST_TEXT.benefits) await expect(section.getByText(benefit, { exact: true })).toBeVisible();
    await expect(section.getByLabel("Name (optional)")).toBeVisible();
    await expect(section.getByLabel("Email address")).toHaveAttribute("required", "");
    // The label is the visitor's waitlist_cta variant, chosen at the edge ('Join Beta Testing' for control).
    const assigned = (await abAssignments(page)).waitlist_cta!;
    await expect(waitlistSubmit(page)).toHaveText(assigned.label);
    await expect(section.getByText(WAITLIST_TEXT.privacyNote)).toBeVisible();
  });

  test("joins, shows the welcome screen, and Back to Homepage returns to an empty form", async ({ page, javaScriptEnabled }) => {
    const section = waitlistSection(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1)).catch(() => {});
    await section.getByLabel("Name (optional)").fill("Ada Lovelace");
    await section.getByLabel("Email address").fill(uniqueEmail("join"));
    await waitlistSubmit(page).click();

    const welcome = page.getByTestId("waitlist-welcome");
    await expect(welcome.getByRole("heading", { name: "Welcome to the beta program!" })).toBeVisible();
    for (const step of WAITLIST_TEXT.nextSteps) await expect(welcome.getByText(step)).toBeVisible();
    if (javaScriptEnabled) {
      // Enhanced: no page reload happened.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      await expect(page).toHaveURL(/\/home#waitlist$/);
    }

    await welcome.getByRole("link", { name: "Back to Homepage" }).click();
    const email = waitlistSection(page).getByLabel("Email address");
    await expect(email).toBeVisible();
    await expect(email).toHaveValue("");
    await expect(waitlistSection(page).getByLabel("Name (optional)")).toHaveValue("");
    if (javaScriptEnabled) await expect(email).toBeFocused();
  });

  test("answers a duplicate (in another case) with the spec's message, keeping the typed values", async ({ page, javaScriptEnabled }) => {
    const address = uniqueEmail("dup");
    await waitlistSection(page).getByLabel("Email address").fill(address);
    await waitlistSubmit(page).click();
    await expect(page.getByTestId("waitlist-welcome")).toBeVisible();

    await page.goto("/home?again=1#waitlist");
    if (javaScriptEnabled) await waitForHydration(page);
    const section = waitlistSection(page);
    await section.getByLabel("Name (optional)").fill("Second Try");
    await section.getByLabel("Email address").fill(address.toUpperCase());
    await waitlistSubmit(page).click();
    await expect(page.getByText("This email is already in our beta testing program!")).toBeVisible();
    await expect(waitlistSection(page).getByLabel("Email address")).toHaveValue(address.toUpperCase());
    await expect(waitlistSection(page).getByLabel("Name (optional)")).toHaveValue("Second Try");
  });

  test("refuses an invalid email with the spec's message next to the field", async ({ page, javaScriptEnabled }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      // Analytics beacons (/api/events) are not the form being sent.
      if (request.method() === "POST" && !request.url().endsWith("/api/events")) posts.push(request.url());
    });
    const section = waitlistSection(page);
    await section.getByLabel("Email address").fill("not an email");
    await waitlistSubmit(page).click();
    const email = waitlistSection(page).getByLabel("Email address");
    await expect(waitlistSection(page).getByText("Please enter a valid email address")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveValue("not an email");
    // With JavaScript nothing is sent (spec section 5); without it the server answers.
    if (javaScriptEnabled) expect(posts).toEqual([]);
  });
});
