import { expect, test, type Page } from "@playwright/test";
import { IMPRESSION_DEDUPE_MS, PERFORMANCE_REPORT_DELAY_MS } from "../../app/lib/constants";
import { ANALYTICS_MESSAGES } from "../../app/features/analytics/browser/messages";
import { leavePage, named, recordCollectorBatches, recordTrackedEvents, waitForAnalytics } from "./analytics-helpers";
import { abAssignments, installFrozenClock, uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";

// The events of spec section 7 as the browser records them (ADR 0019). Each test observes track()
// through its DOM mirror or the beacons, never the collector's storage (tested on its own).

/** Scrolls the window to `percent` of its scrollable height and lets the scroll event fire. */
async function scrollTo(page: Page, percent: number) {
  await page.evaluate((p) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.round((max * p) / 100), behavior: "instant" });
  }, percent);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

test("scroll depth fires 25, 50, 75 and 100 exactly once each per page view", async ({ page }) => {
  const events = await recordTrackedEvents(page);
  await page.goto("/home");
  await waitForHydration(page);
  await waitForAnalytics(page);
  expect(named(events, "scroll_depth")).toEqual([]);
  for (const percent of [10, 30, 30, 55, 20, 80, 99.99, 100, 0, 100, 60]) await scrollTo(page, percent);
  await expect.poll(() => named(events, "scroll_depth").map((e) => e.properties.percent)).toEqual([25, 50, 75, 100]);

  // A new page view (client-side navigation) starts over.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect.poll(() => named(events, "page_view").at(-1)?.path).toBe("/blog");
  // Parts of the page arrive after a client-side navigation (static islands load their code then), so
  // the bottom can move after a scroll: scroll to it again until it stays, as a reader would. Each
  // threshold still has to be reported exactly once.
  await expect
    .poll(async () => {
      await scrollTo(page, 100);
      return named(events, "scroll_depth").filter((e) => e.path === "/blog").map((e) => e.properties.percent);
    })
    .toEqual([25, 50, 75, 100]);
});

test("a reader who scrolled before the analytics client loaded has the depth reached reported when it loads", async ({ page }) => {
  await installFrozenClock(page);
  const events = await recordTrackedEvents(page);
  await page.goto("/blog");
  await waitForHydration(page);
  // To the bottom at once (the clock is frozen, so no frame or timer is awaited here).
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await page.clock.runFor(3000); // the analytics client loads when the page is idle
  await waitForAnalytics(page);
  await expect.poll(() => named(events, "scroll_depth").map((e) => e.properties.percent)).toEqual([25, 50, 75, 100]);
  // Still once per page view: the page view queued before the client loaded does not start the count over.
  await page.evaluate(() => {
    window.scrollTo({ top: 0, behavior: "instant" });
    window.dispatchEvent(new Event("scroll"));
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    window.dispatchEvent(new Event("scroll"));
  });
  await page.clock.runFor(100);
  await page.evaluate(() => document.readyState); // one more round trip: the mirrored events have arrived
  expect(named(events, "scroll_depth").map((e) => e.properties.percent)).toEqual([25, 50, 75, 100]);
});

test("A/B: assigned once per session, impressions at most once per 60 s per test and variant", async ({ page }) => {
  await installFrozenClock(page);
  const events = await recordTrackedEvents(page);
  await page.goto("/home");
  await waitForHydration(page);
  await page.clock.runFor(3000); // the analytics client loads when the page is idle
  await waitForAnalytics(page);
  const active = Object.entries(await abAssignments(page)).map(([test, a]) => ({ test, variant: a.variant }));
  expect(active.length).toBeGreaterThan(0);
  const pairs = (name: string) => named(events, name).map((e) => ({ test: e.properties.test, variant: e.properties.variant }));
  await expect.poll(() => pairs("ab_test_impression")).toEqual(active);
  expect(pairs("ab_test_variant_assigned")).toEqual(active);

  // Back on the landing page 30 s later: within the window, no second impression or assignment.
  const toBlogAndBack = async () => {
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await waitForHydration(page);
    await page.clock.runFor(3000); // a new document: its analytics client loads when it is idle
    await expect.poll(() => named(events, "page_view").at(-1)?.path).toBe("/home");
  };
  await page.clock.runFor(30_000);
  await toBlogAndBack();
  expect(pairs("ab_test_impression")).toEqual(active);

  // Once the window has passed since the first impression: one more each, still no new assignment.
  await page.clock.runFor(IMPRESSION_DEDUPE_MS - 30_000);
  await toBlogAndBack();
  await expect.poll(() => pairs("ab_test_impression")).toEqual([...active, ...active]);
  expect(pairs("ab_test_variant_assigned")).toEqual(active);
});

test("after six failed deliveries the analytics boundary says so, analytics stops, and the page keeps working", async ({ page }) => {
  // Forced failures: the browser refuses the beacon and the fetch fallback cannot reach the server.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "sendBeacon", { value: () => false, configurable: true });
  });
  let attempts = 0;
  await page.route("**/api/events", (route) => {
    attempts++;
    return route.abort("connectionrefused");
  });
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const events = await recordTrackedEvents(page);
  await installFrozenClock(page);
  await page.goto("/home");
  await waitForHydration(page);
  await page.clock.runFor(3000);
  await waitForAnalytics(page);

  const failures = () => warnings.filter((text) => text.includes(ANALYTICS_MESSAGES.batchNetworkError)).length;
  const boundary = page.getByRole("status").filter({ hasText: ANALYTICS_MESSAGES.disabled });
  for (let round = 1; round <= 6; round++) {
    // An event to send. <details> reports its toggle a task after the click: the page is left once it is queued.
    await page.locator("#faq summary").nth(round).click();
    await expect.poll(() => named(events, "faq_click").length).toBe(round);
    await leavePage(page);
    await expect.poll(failures).toBe(round);
    if (round === 5) {
      await page.clock.runFor(100);
      await expect(boundary).toHaveCount(0); // five errors are tolerated
    }
  }
  await page.clock.runFor(100);
  await expect(boundary).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-analytics", "off");

  // Nothing more is sent, whatever happens on the page…
  const sent = attempts;
  await page.locator("#faq summary").nth(7).click();
  await leavePage(page);
  await page.clock.runFor(10_000);
  expect(attempts).toBe(sent);
  // …and the page still works: the accordion, the notify modal, the message's own Dismiss button.
  await expect(page.locator("#faq details").nth(7)).toHaveAttribute("open", "");
  await page.getByRole("link", { name: /Notify Me when Android/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await boundary.getByRole("button", { name: "Dismiss" }).click();
  await expect(boundary).toHaveCount(0);
});

test("a waitlist sign-up records form start, form submit, the conversion and an A/B conversion per active test", async ({ page }) => {
  const events = await recordTrackedEvents(page);
  const batches = await recordCollectorBatches(page);
  await page.goto("/home");
  await waitForHydration(page);
  await waitForAnalytics(page);
  const section = waitlistSection(page);
  await section.getByLabel("Email address").fill("not an email");
  await waitlistSubmit(page).click();
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await section.getByLabel("Email address").fill(uniqueEmail("analytics"));
  await waitlistSubmit(page).click();
  await expect(page.getByTestId("waitlist-welcome")).toBeVisible();

  expect(named(events, "form_start").map((e) => e.properties)).toEqual([{ form: "beta_signup" }]);
  // The success is recorded by an effect after the welcome card paints, and reaches the test through a binding: polled.
  await expect
    .poll(() => named(events, "form_submit").map((e) => e.properties))
    .toEqual([
      { form: "beta_signup", success: false, error: "Please enter a valid email address" },
      { form: "beta_signup", success: true, error: null },
    ]);
  const active = Object.entries(await abAssignments(page)).map(([test, a]) => ({ test, variant: a.variant, goal: "waitlist_signup" }));
  await expect.poll(() => named(events, "ab_test_conversion").map((e) => e.properties)).toEqual(active);
  // The conversion leaves with the catalogue's default label.
  await leavePage(page);
  await expect
    .poll(() => batches.flatMap((b) => b.events).filter((e) => e.name === "conversion").map((e) => e.properties))
    .toEqual([{ label: "waitlist_signup", source: "main_waitlist_section" }]);
});

// Real time here: Playwright's fake clock also replaces window.performance, whose timing entries
// these events read.
test("page load, outbound links and web vitals are recorded and batched to the collector", async ({ page }) => {
  const events = await recordTrackedEvents(page);
  const batches = await recordCollectorBatches(page);
  const info: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "info") info.push(message.text());
  });
  await page.goto("/home");
  await waitForHydration(page);
  await waitForAnalytics(page);

  // page_load_complete once, from Navigation and Paint Timing.
  await expect.poll(() => named(events, "page_load_complete").length).toBe(1);
  const load = named(events, "page_load_complete")[0]!.properties as Record<string, number | null>;
  expect(load.loadTime).toBeGreaterThan(0);
  expect(load.loadTime).toBeGreaterThanOrEqual(load.domContentLoaded as number);
  expect(load.firstPaint).toBeGreaterThan(0);

  // Outbound: a link to another host (kept from leaving, so nothing is fetched from it).
  await page.evaluate(() => document.addEventListener("click", (event) => event.preventDefault()));
  await page.getByRole("link", { name: /Buy Me a Coffee/ }).click();
  const outbound = named(events, "outbound_link")[0]?.properties;
  expect(outbound?.url).toMatch(/^https:\/\/[^?#]+$/);
  expect(outbound?.host).toBe(new URL(outbound?.url as string).host);
  expect(named(events, "support_developer_click")).toHaveLength(1);

  // Web vitals: rated, kept in session storage with time and path, reported to the console after 3 s.
  await expect.poll(() => info.some((text) => text.startsWith("Performance report")), { timeout: PERFORMANCE_REPORT_DELAY_MS + 15_000 }).toBe(true);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("performance-metrics") ?? "[]"));
  expect(stored.map((entry: { metric: string }) => entry.metric)).toEqual(expect.arrayContaining(["TTFB", "FCP"]));
  for (const entry of stored) {
    expect(entry).toMatchObject({ metric: expect.stringMatching(/^(CLS|FCP|LCP|TTFB|INP)$/), path: "/home" });
    expect(["good", "needs-improvement", "poor"]).toContain(entry.rating);
    expect(typeof entry.timestamp).toBe("number");
  }
  expect(named(events, "web_vital").map((e) => e.properties.metric)).toEqual(stored.map((entry: { metric: string }) => entry.metric));
  // Resource timing 1 s after load; the memory check after 2 s (Chromium has performance.memory).
  await expect.poll(() => named(events, "resource_timing").length).toBe(1);
  expect(named(events, "resource_timing")[0]!.properties.count).toBeGreaterThan(0);
  await expect.poll(() => named(events, "memory_check").length).toBe(1);

  // Everything recorded so far reaches the collector, in batches of at most 20.
  const recorded = events.length;
  await leavePage(page);
  await expect.poll(() => batches.flatMap((b) => b.events).length).toBeGreaterThanOrEqual(recorded);
  expect(batches.every((b) => b.events.length <= 20)).toBe(true);
});

test("roadmap and coming-soon buttons record their own event and notify_click", async ({ page }) => {
  const events = await recordTrackedEvents(page);
  await page.goto("/home");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Join Beta Program" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: /Notify Me when macOS/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(named(events, "roadmap_click").map((e) => e.properties)).toEqual([{ platform: "ios", action: "join_beta" }]);
  expect(named(events, "coming_soon_notify_click").map((e) => e.properties)).toEqual([{ platform: "macos" }]);
  expect(named(events, "notify_click").map((e) => e.properties)).toEqual([
    { platform: "ios", intent: "beta_testing" },
    { platform: "macos", intent: "waitlist" },
  ]);
});
