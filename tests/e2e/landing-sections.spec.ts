import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { siteConfig } from "../../app/config/site";
import { describeViolations, renderDeferredSections } from "./helpers";

// The landing page's content sections (spec section 2): link-sanitization highlight, feature grid,
// coming-soon platforms, how-it-works tabs, version roadmap, FAQ and support.

declare global {
  interface Window {
    __events: string[];
  }
}

const section = (page: Page, headingId: string) => page.locator(`section:has(#${headingId})`);
const sanitization = (page: Page) => section(page, "sanitization-heading");
const platforms = (page: Page) => section(page, "platforms-heading");
const roadmap = (page: Page) => section(page, "roadmap-heading");
const support = (page: Page) => section(page, "support-heading");

// The page is heavy (carousels, lazy dialog); allow for a busy CI machine.

test.beforeEach(async ({ page }) => {
  // A stored cookie choice (spec section 4: key cookie-consent) keeps the banner from covering controls.
  await page.addInitScript(() => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
  });
});

/** Loads /home and waits for hydration: the tabs hide their inactive panels only once React runs. */
async function loadHydrated(page: Page) {
  await page.goto("/home");
  await expect(page.locator("#how-it-works [role=tabpanel]").nth(1)).toBeHidden();
  await page.evaluate(() => {
    window.__events = [];
    addEventListener("analytics:event", (event) => window.__events.push((event as CustomEvent<{ name: string }>).detail.name));
  });
}

const events = (page: Page) => page.evaluate(() => window.__events);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("notify buttons link to the notify page, and every tab panel is readable", async ({ page }) => {
    await page.goto("/home");
    const notify = platforms(page).getByRole("link", { name: /Notify Me|Get Notified for All Platforms/ });
    await expect(notify).toHaveCount(4);
    for (const [index, platform] of ["android", "macos", "chrome_extension", "all_platforms"].entries()) {
      await expect(notify.nth(index)).toHaveAttribute("href", `/notify?platform=${platform}&intent=waitlist`);
    }
    // The server renders the first tab selected but leaves every panel visible.
    for (const root of [page.locator("#how-it-works"), roadmap(page)]) {
      await expect(root.getByRole("tab").first()).toHaveAttribute("aria-selected", "true");
      const panels = root.locator("[role=tabpanel]");
      await expect(panels).toHaveCount(3);
      for (const panel of await panels.all()) await expect(panel).toBeVisible();
    }
  });
});

test("link-sanitization highlight: the three claims, Learn More and Download Now", async ({ page }) => {
  await page.goto("/home");
  const highlight = sanitization(page);
  for (const [figure, claim] of [
    ["90%", "tracking parameters blocked"],
    ["15%", "faster loads"],
    ["60%", "shorter URLs"],
  ] as const) {
    const item = highlight.locator("dl > div", { hasText: claim });
    await expect(item.locator("dt")).toHaveText(claim);
    await expect(item.locator("dd")).toHaveText(figure);
  }
  // The example: trackers before, the clean URL after.
  for (const tracker of ["utm_source=", "utm_medium=", "utm_campaign=", "fbclid=", "gclid="]) {
    await expect(highlight.locator("del", { hasText: tracker })).toHaveCount(1);
  }
  await expect(highlight.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/link-sanitization");
  const download = highlight.getByRole("link", { name: /Download Now/ });
  await expect(download).toHaveAttribute("href", siteConfig.appStoreUrl);
  await expect(download).toHaveAttribute("target", "_blank");
  await expect(download).toHaveAttribute("rel", "noopener noreferrer");
});

test("feature grid: six cards, each with an icon, a title, a description and a link that records the click", async ({ page }) => {
  await loadHydrated(page);
  const cards = page.locator("#features article");
  await expect(cards).toHaveCount(6);
  const summary = await cards.evaluateAll((articles) =>
    articles.map((article) => ({
      icon: article.querySelector("svg") !== null,
      headings: article.querySelectorAll("h3").length,
      description: (article.querySelector("p")?.textContent ?? "").length > 20,
      links: [...article.querySelectorAll("a")].map((a) => a.getAttribute("href")),
    })),
  );
  for (const card of summary) {
    expect(card).toMatchObject({ icon: true, headings: 1, description: true });
    expect(card.links).toHaveLength(1);
    expect(card.links[0]).toMatch(/^\/features#[a-z-]+$/);
  }
  // Stay on the page (the router skips a prevented click): only the analytics event matters here.
  await page.evaluate(() =>
    document.querySelector("#features article a")?.addEventListener("click", (event) => event.preventDefault()),
  );
  await cards.first().getByRole("link").click();
  expect(await events(page)).toContain("feature_card_click");
});

test("coming-soon platforms: badges, four notify buttons, and Notify Me opens the dialog", async ({ page }) => {
  await loadHydrated(page);
  const root = platforms(page);
  for (const [name, badge] of [
    ["Android", "In Development"],
    ["macOS", "Coming Soon"],
    ["Chrome Extension", "Coming Soon"],
  ] as const) {
    const card = root.locator("article", { has: page.getByRole("heading", { name, exact: true }) });
    await expect(card).toContainText(badge);
    await expect(card.getByRole("link", { name: /^Notify Me/ })).toBeVisible();
  }
  await expect(root.getByRole("link", { name: "Get Notified for All Platforms" })).toBeVisible();

  await root.getByRole("link", { name: /Notify Me when Android/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await events(page)).toContain("coming_soon_notify_click");

  await root.getByRole("link", { name: "Get Notified for All Platforms" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

/** The tab widget's state in one read: selected flags, roving tabindex, visible panels, focus. */
function tabState(root: Locator) {
  return root.evaluate((element) => {
    const tabs = [...element.querySelectorAll<HTMLElement>("[role=tab]")];
    const panels = [...element.querySelectorAll<HTMLElement>("[role=tabpanel]")];
    return {
      selected: tabs.map((tab) => tab.getAttribute("aria-selected")),
      tabindex: tabs.map((tab) => tab.tabIndex),
      visible: panels.map((panel) => panel.checkVisibility()),
      focused: tabs.findIndex((tab) => tab === document.activeElement),
    };
  });
}

async function expectSelected(root: Locator, index: number) {
  const flags = [0, 1, 2].map((i) => i === index);
  await expect
    .poll(() => tabState(root))
    .toEqual({
      selected: flags.map(String),
      tabindex: flags.map((on) => (on ? 0 : -1)),
      visible: flags,
      focused: index,
    });
}

test("how-it-works tabs work from the keyboard", async ({ page }) => {
  await loadHydrated(page);
  const root = page.locator("#how-it-works");
  const tabs = root.getByRole("tab");
  const panels = root.locator("[role=tabpanel]");
  await expect(tabs).toHaveText(["Link Saving Flow", "Organization Interface", "Link Detail View"]);
  await expect(root.getByRole("tablist")).toHaveAttribute("aria-label", "How it works");
  for (let i = 0; i < 3; i++) {
    await expect(tabs.nth(i)).toHaveAttribute("aria-controls", (await panels.nth(i).getAttribute("id")) ?? "");
    await expect(panels.nth(i)).toHaveAttribute("aria-labelledby", (await tabs.nth(i).getAttribute("id")) ?? "");
  }

  await tabs.first().focus();
  await page.keyboard.press("ArrowRight");
  await expectSelected(root, 1);
  await expect(panels.nth(1).locator("ol > li")).toHaveCount(3);
  for (const [key, index] of [
    ["ArrowRight", 2],
    ["ArrowRight", 0],
    ["ArrowLeft", 2],
    ["Home", 0],
    ["End", 2],
  ] as const) {
    await page.keyboard.press(key);
    await expectSelected(root, index);
  }
  // Tab leaves the tablist for the selected panel: one tab stop for the whole list.
  await page.keyboard.press("Tab");
  await expect(panels.nth(2)).toBeFocused();

  await tabs.nth(1).click();
  await expectSelected(root, 1);
  await expect(page).toHaveURL(/\/home$/);
});

test("roadmap: v1.0, v1.5 and v2.0 are each Live; the two buttons open the dialog", async ({ page }) => {
  await loadHydrated(page);
  const root = roadmap(page);
  const tabs = root.getByRole("tab");
  await expect(tabs).toHaveText(["v1.0", "v1.5", "v2.0"]);
  for (const version of ["v1.0", "v1.5", "v2.0"]) {
    await root.getByRole("tab", { name: version }).click();
    const panel = root.getByRole("tabpanel", { name: version });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { level: 3 })).toContainText(version);
    await expect(panel).toContainText("Live");
    expect(await panel.locator("li").count()).toBeGreaterThan(2);
  }
  for (const name of ["Join Beta Program", "Get Notified of Updates"]) {
    const button = root.getByRole("link", { name });
    await expect(button).toHaveAttribute("href", `/notify?platform=ios&intent=${name === "Join Beta Program" ? "beta_testing" : "waitlist"}`);
    await button.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  }
  expect((await events(page)).filter((name) => name === "roadmap_click")).toHaveLength(2);
});

test("FAQ: 11 questions, one open at a time, with Contact Support and Join Beta Testing", async ({ page }) => {
  await loadHydrated(page);
  const items = page.locator("#faq details");
  await expect(items).toHaveCount(11);
  await expect(page.locator("#faq summary h3")).toHaveCount(11);
  for (const item of await items.all()) await expect(item).not.toHaveAttribute("open");

  const first = items.nth(0);
  const second = items.nth(1);
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(first.locator("p")).toBeVisible();
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open");
  // Closing the open one leaves all closed.
  await second.locator("summary").click();
  await expect(page.locator("#faq details[open]")).toHaveCount(0);
  expect((await events(page)).filter((name) => name === "faq_click")).toHaveLength(2);

  await expect(page.locator("#faq").getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  const join = page.locator("#faq").getByRole("link", { name: "Join Beta Testing" });
  await expect(join).toHaveAttribute("href", "#waitlist");
  await join.click();
  await expect(page.locator("#waitlist")).toBeInViewport();
});

test("support: Buy Me a Coffee opens the donation page in a new tab and records the click", async ({ page, context }) => {
  await loadHydrated(page);
  const coffee = support(page).getByRole("link", { name: /Buy Me a Coffee/ });
  await expect(support(page).getByRole("heading", { level: 2 })).toContainText("indie developer");
  await expect(coffee).toHaveAttribute("href", siteConfig.donationUrl);
  await expect(coffee).toHaveAttribute("target", "_blank");
  await expect(coffee).toHaveAttribute("rel", /noopener/);
  // The external page is answered locally: tests never leave the machine.
  await context.route(`${new URL(siteConfig.donationUrl).origin}/**`, (route) => route.fulfill({ body: "donation page" }));
  const popup = context.waitForEvent("page");
  await coffee.click();
  await (await popup).close();
  expect(await events(page)).toContain("support_developer_click");
});

test("every bullet's check bubble draws its check in the accent colour", async ({ page }) => {
  await page.goto("/home");
  await renderDeferredSections(page);
  const checks = await page.locator(".check-bubble").evaluateAll((bubbles) =>
    bubbles.map((bubble) => {
      const check = getComputedStyle(bubble, "::before");
      return { size: `${check.width} ${check.height}`, drawn: check.maskImage.startsWith('url("data:image/svg+xml'), inAccent: check.backgroundColor === getComputedStyle(bubble).color };
    }),
  );
  // The hero's, the V2 features', the roadmap's and the how-it-works drawing's.
  expect(checks.length).toBeGreaterThan(30);
  for (const check of checks) expect(check).toEqual({ size: "16px 16px", drawn: true, inAccent: true });
});

test("each section is titled by its own h2", async ({ page }) => {
  await page.goto("/home");
  for (const id of ["sanitization-heading", "features-heading", "platforms-heading", "how-it-works-heading", "roadmap-heading", "faq-heading", "support-heading"]) {
    await expect(page.locator(`#${id}`)).toHaveJSProperty("tagName", "H2");
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`axe-core finds no violations in these sections (${scheme})`, async ({ page }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    await loadHydrated(page);
    // Open one answer so the accordion's open state is checked too.
    await page.locator("#faq summary").first().click();
    await renderDeferredSections(page);
    const ids = ["sanitization-heading", "features-heading", "platforms-heading", "how-it-works-heading", "roadmap-heading", "faq-heading", "support-heading"];
    let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
    for (const id of ids) builder = builder.include(`section:has(#${id})`);
    const results = await builder.analyze();
    expect(describeViolations(results)).toEqual([]);
  });
}

test("the FAQPage JSON-LD in the head equals the questions the accordion renders", async ({ page }) => {
  await page.goto("/home");
  const blocks = await page.locator('head script[type="application/ld+json"]').allTextContents();
  const faq = blocks.map((b) => JSON.parse(b)).find((data) => data["@type"] === "FAQPage");
  expect(faq).toBeTruthy();
  const rendered = await page.locator("#faq details summary").allTextContents();
  expect(rendered).toHaveLength(11);
  expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(rendered.map((t) => t.trim()));
  const types = blocks.map((b) => JSON.parse(b)["@type"]);
  expect(types).toEqual(expect.arrayContaining(["SoftwareApplication", "Organization", "FAQPage"]));
  const app = blocks.map((b) => JSON.parse(b)).find((data) => data["@type"] === "SoftwareApplication");
  expect(app.aggregateRating).toMatchObject({ ratingValue: 4.8, ratingCount: 500 });
  expect(app.offers).toMatchObject({ price: "0", priceCurrency: "USD" });
  expect(app.operatingSystem).toBe("iOS");
});
