import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

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
