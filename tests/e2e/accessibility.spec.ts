import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { MAX_REQUEST_BODY_BYTES } from "../../app/lib/constants";
import { listPublicPages } from "../support/public-pages";
import { signInAsAdmin } from "./admin-helpers";
import { seedEntry } from "../support/waitlist-entries";
import { describeViolations, renderDeferredSections, uniqueEmail, waitForHydration } from "./helpers";
import { suiteServer } from "./suite-server";

const SCHEMES = ["light", "dark"] as const;

/** axe-core's WCAG 2.1 A/AA and best-practice findings on the page as it is now, one line per rule. */
async function axeViolations(page: Page, label: string): Promise<string[]> {
  await renderDeferredSections(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return describeViolations(results, label);
}

/**
 * The public pages are checked in parts of about three pages, each a test of its own: one test for every page took over four
 * minutes on a loaded machine and ran out of time (issue 18). Every page lands in exactly one part, however
 * many the sitemap lists (about a hundred: its pages in six languages, the posts and tutorials).
 */
const PARTS = 36;

test.describe("public pages", () => {
  for (const scheme of SCHEMES) {
    // Every page of the sitemap and those it leaves out (tests/support/public-pages.ts), the same
    // list the Nu Html Checker validates.
    for (let part = 0; part < PARTS; part++) {
      test(`axe-core finds no violations on the public pages, part ${part + 1} of ${PARTS} (${scheme})`, async ({ page, request }) => {
        // Reduced motion: axe must not measure the cookie banner halfway through its fade-in.
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        const all = await listPublicPages(async (path) => (await request.get(path)).text());
        expect(all.length).toBeGreaterThanOrEqual(30);
        const paths = all.filter((_, i) => i % PARTS === part);
        const found: string[] = [];
        for (const path of paths) {
          const response = await page.goto(path);
          // Error pages render without the app, so only a page that loaded fine hydrates.
          if (response?.ok()) await waitForHydration(page);
          found.push(...(await axeViolations(page, path)));
        }
        expect(found).toEqual([]);
      });
    }
  }

  test("axe-core finds no violations in the open states: mobile menu, notification modal, error page", async ({ page }) => {
    const found: string[] = [];
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/home");
      await waitForHydration(page);
      await page.locator("details.mobile-menu > summary").click();
      await expect(page.locator(".mobile-menu-panel")).toBeVisible();
      found.push(...(await axeViolations(page, `mobile menu (${scheme})`)));

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/home");
      await waitForHydration(page);
      await page.getByRole("link", { name: /Notify Me when Android/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      found.push(...(await axeViolations(page, `notification modal (${scheme})`)));

      // The pipeline's own error page (413 here; 403 and 500 share its markup), reached as a
      // visitor would: a form too large to accept.
      await page.goto("/contact");
      await page.evaluate((size) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/contact";
        const field = Object.assign(document.createElement("textarea"), { name: "message", value: "x".repeat(size) });
        form.appendChild(field);
        document.body.appendChild(form);
        form.submit();
      }, MAX_REQUEST_BODY_BYTES + 1);
      await expect(page.getByRole("heading", { level: 1, name: "Request too large" })).toBeVisible();
      found.push(...(await axeViolations(page, `413 error page (${scheme})`)));
    }
    expect(found).toEqual([]);
  });
});

// The admin area, signed in (and its login page signed out).
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/beta-testers",
  "/admin/import",
  "/admin/reviews",
  "/admin/reviews/new",
  "/admin/contact-submissions",
  "/admin/users",
  "/admin/settings",
  "/admin/analytics",
  "/admin/email",
  "/admin/announcements",
  "/admin/audit",
  "/admin/email/messages",
];

test.describe("admin pages", () => {
  // A person's own page (issue 31), for someone of this spec's own.
  test.beforeAll(async () => {
    ADMIN_PAGES.push(`/admin/beta-testers/${await seedEntry(suiteServer().d1("DB"), { email: uniqueEmail("a11y-person"), firstName: "Ada" })}`);
  });

  for (const scheme of SCHEMES) {
    test(`axe-core finds no violations on the admin login page (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/admin/login");
      expect(await axeViolations(page, "/admin/login")).toEqual([]);
    });

    test(`axe-core finds no violations on any signed-in admin page (${scheme})`, async ({ page }) => {
      // One page load and one axe run per admin page: the time it may take grows with the list.
      test.setTimeout(30_000 + ADMIN_PAGES.length * 10_000);
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
        found.push(...(await axeViolations(page, path)));
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
