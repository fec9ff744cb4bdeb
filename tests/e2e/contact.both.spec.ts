import { expect, test } from "@playwright/test";
import { uniqueEmail, waitForHydration } from "./helpers";

test.describe("contact form", () => {
  test("sends a message and confirms it", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // With JavaScript, the enhanced form: a click before hydration would post the page instead.
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email address").fill(uniqueEmail("contact"));
    await page.getByLabel("Subject").fill("Feature request");
    await page.getByLabel("Message").fill("Please add a widget for the home screen.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thanks, Grace! Your message has reached us.")).toBeVisible();
  });

  test("shows each field's problem and keeps what was typed", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Name").fill("Grace");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByLabel("Message").fill("Hi");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please add a subject")).toBeVisible();
    await expect(page.getByText("Please write a message of at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Grace");
    await expect(page.getByLabel("Message")).toHaveValue("Hi");
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });
});
