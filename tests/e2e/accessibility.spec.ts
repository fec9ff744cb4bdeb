import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";

// Pages not covered by their own spec files (blog, info pages, sanitizer and legal pages are).
const PAGES = ["/home", "/waitlist", "/notify?platform=android&intent=waitlist", "/contact", "/promotion", "/promotion-blue"];

for (const path of PAGES) {
  for (const scheme of ["light", "dark"] as const) {
    test(`axe-core finds no violations on ${path} (${scheme})`, async ({ page }) => {
      // Reduced motion: axe must not measure the cookie banner halfway through its fade-in.
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}

// The admin area, signed in (and its login page signed out).
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/beta-testers",
  "/admin/reviews",
  "/admin/reviews/new",
  "/admin/contact-submissions",
  "/admin/users",
  "/admin/settings",
  "/admin/analytics",
];

test.describe("admin pages", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`axe-core finds no violations on the admin login page (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/admin/login");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });

    test(`axe-core finds no violations on any signed-in admin page (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      // A module that crashes in the browser (e.g. reading a .server export at module level) shows up here.
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
      });
      await signInAsAdmin(page);
      const found: string[] = [];
      for (const path of ADMIN_PAGES) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
        found.push(...results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("every admin page fits a 375 px screen: wide tables scroll inside their box, the page never does", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAsAdmin(page);
    const overflowing: string[] = [];
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) overflowing.push(`${path}: ${width}px`);
    }
    expect(overflowing).toEqual([]);
  });
});
