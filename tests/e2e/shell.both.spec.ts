import { expect, test } from "@playwright/test";
import { COPIED_CONFIRMATION_MS } from "~/lib/constants";
import { installFrozenClock, waitForHydration } from "./helpers";

test.describe("page shell", () => {
  test("header links: logo to /, section anchors, Blog, Link Sanitization with LIVE", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect(page.getByRole("link", { name: /home$/ }).first()).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Features" })).toHaveAttribute("href", "#features");
    await expect(nav.getByRole("link", { name: "How It Works" })).toHaveAttribute("href", "#how-it-works");
    await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "#faq");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    const sanitization = nav.getByRole("link", { name: /Link Sanitization/ });
    await expect(sanitization).toHaveAttribute("href", "/link-sanitization");
    await expect(sanitization.getByText("LIVE")).toBeVisible();
  });

  test("below 1024 px the menu collapses, opens, and closes after a choice", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.goto("/home");
    // The menu closes after a choice once the page's scripts have booted; before that it behaves as without them.
    if (javaScriptEnabled) await waitForHydration(page);
    const toggle = page.locator("details.mobile-menu > summary");
    await expect(toggle).toBeVisible();
    const mobileNav = page.locator(".mobile-menu-panel");
    await expect(mobileNav).toBeHidden();
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "FAQ" }).click();
    if (javaScriptEnabled) await expect(mobileNav).toBeHidden();

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(toggle).toBeHidden();
  });

  test("footer columns, social links, badges and copyright", async ({ page }) => {
    await page.goto("/home");
    const footer = page.locator("footer");
    for (const [column, links] of Object.entries({
      Product: ["Features", "How It Works", "Pricing", "Download", "Link Sanitization"],
      Company: ["About Us", "Contact", "Blog"],
      Support: ["Help Center", "Privacy Policy", "Terms of Service"],
    })) {
      const nav = footer.getByRole("navigation", { name: column });
      for (const link of links) await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: /on X$/ })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: /on Instagram$/ })).toHaveAttribute("rel", /noopener/);
    for (const badge of ["Available on iOS", "Privacy-First", "Easy Organization"]) await expect(footer.getByText(badge)).toBeVisible();
    await expect(footer.getByText(/© 2025/)).toBeVisible();
  });

  test("footer Copy link copies the page's address and says so for a while; without JavaScript its buttons are not offered", async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    const footer = page.locator("footer");
    const copyLink = footer.getByRole("button", { name: "Copy link" });
    if (!javaScriptEnabled) {
      await page.goto("/features");
      await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
      // Neither can work without JavaScript: no dead buttons.
      await expect(copyLink).toBeHidden();
      await expect(footer.getByRole("button", { name: "Cookie settings" })).toBeHidden();
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await installFrozenClock(page);
    await page.goto("/features");
    await waitForHydration(page);
    await copyLink.click();
    await expect(footer.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/features`);
    await page.clock.runFor(COPIED_CONFIRMATION_MS - 100);
    await expect(footer.getByRole("button", { name: "Copied!" })).toBeVisible();
    await page.clock.runFor(100);
    await expect(copyLink).toBeVisible();
  });
});
