import { expect, test, type Page } from "@playwright/test";
import { AMPLITUDE_API_KEY, GA_MEASUREMENT_ID } from "./third-parties.mjs";
import { clearStandInLog, leavePage, recordCollectorBatches, STAND_INS, standInLog, waitForAnalytics } from "./analytics-helpers";
import { waitForHydration } from "./helpers";

// Consent decides what leaves the browser (spec sections 3, 4 and 7; ADR 0019). GA4 and Amplitude
// are configured for the e2e server, pointed at stand-ins on 127.0.0.1 (third-parties.mjs).

// A first visit: no choice stored yet. Reloads are part of these tests: no service worker.
test.use({ serviceWorkers: "block", storageState: { cookies: [], origins: [] } });

/** Every request the page makes, by URL. */
function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

async function openCookieSettings(page: Page) {
  await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner(page)).toBeVisible();
}

/** The FAQ accordion records faq_click: an ordinary interaction that produces an event. */
async function openFaqQuestion(page: Page, index: number) {
  await page.locator("#faq summary").nth(index).click();
}

test("before consent nothing leaves 127.0.0.1, no analytics cookie is set, and batches are anonymous", async ({ page, context }) => {
  const requests = watchRequests(page);
  const batches = await recordCollectorBatches(page);
  await page.goto("/home");
  await waitForHydration(page);
  await waitForAnalytics(page);
  await openFaqQuestion(page, 0);
  await page.mouse.wheel(0, 2500);
  await leavePage(page);

  await expect.poll(() => batches.length).toBeGreaterThan(0);
  for (const batch of batches) {
    expect(batch.consent).toBe("anonymous");
    expect(batch.sessionId).toBeUndefined();
  }
  const names = batches.flatMap((batch) => batch.events.map((event) => event.name));
  expect(names).toEqual(expect.arrayContaining(["page_view", "faq_click"]));
  expect(await page.evaluate(() => sessionStorage.getItem("analytics-session-id"))).toBeNull();

  // Only this site was contacted, and none of the (configured) third parties.
  expect(requests.filter((url) => new URL(url).hostname !== "127.0.0.1")).toEqual([]);
  expect(requests.filter((url) => url.startsWith(STAND_INS))).toEqual([]);
  expect(await page.locator("script[src*='gtag']").count()).toBe(0);
  // The only cookie is the edge's A/B visitor id (ADR 0010); nothing from analytics.
  expect((await context.cookies()).map((cookie) => cookie.name).filter((name) => name !== "lv_ab")).toEqual([]);
});

test("after Accept All, GA4 and Amplitude load from the local stand-ins and receive events; batches carry the session", async ({ page }) => {
  const requests = watchRequests(page);
  const batches = await recordCollectorBatches(page);
  await page.goto("/home");
  await waitForHydration(page);
  await waitForAnalytics(page);
  await openFaqQuestion(page, 0); // before consent
  await clearStandInLog();

  await openCookieSettings(page);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toBeHidden();
  await openFaqQuestion(page, 1); // after consent

  // GA4: the tag from the configured URL, with the measurement id, then hits at the stand-in.
  const gaHits = async () => (await standInLog()).filter((r) => r.path === "/g/collect").map((r) => r.query.en);
  await expect.poll(gaHits).toEqual(expect.arrayContaining(["config", "faq_click"]));
  const log = await standInLog();
  expect(log.find((r) => r.path === "/gtag/js")?.query.id).toBe(GA_MEASUREMENT_ID);
  // The tag was configured without ad personalization or Google signals, with secure cross-site cookies.
  const config = log.find((r) => r.path === "/g/collect" && r.query.en === "config");
  expect(JSON.parse(config?.body ?? "{}")).toMatchObject({
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
    cookie_flags: "SameSite=None;Secure",
  });

  // Amplitude: the event catalogue arrives at the configured HTTP API, with an api key and a device id;
  // session replay asked the configured endpoint for its remote configuration.
  const uploads = async () =>
    (await standInLog())
      .filter((r) => r.path === "/2/httpapi")
      .map((r) => JSON.parse(r.body) as { api_key: string; events: { event_type: string; device_id?: string }[] });
  await expect.poll(async () => (await uploads()).flatMap((u) => u.events.map((e) => e.event_type))).toContain("faq_click");
  const upload = await uploads();
  expect(upload.every((u) => u.api_key === AMPLITUDE_API_KEY)).toBe(true);
  const amplitudeEvents = upload.flatMap((u) => u.events);
  expect(amplitudeEvents.every((event) => typeof event.device_id === "string" && event.device_id.length > 0)).toBe(true);
  // Only what happened after the choice is forwarded.
  expect(amplitudeEvents.filter((event) => event.event_type === "faq_click")).toHaveLength(1);
  await expect.poll(async () => (await standInLog()).some((r) => r.path.startsWith(`/config/${AMPLITUDE_API_KEY}`))).toBe(true);

  // First party: the events from before the choice stay anonymous; those after carry the session id.
  await leavePage(page);
  await expect.poll(() => batches.some((batch) => batch.consent === "analytics")).toBe(true);
  const sessionId = await page.evaluate(() => sessionStorage.getItem("analytics-session-id"));
  expect(sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  for (const batch of batches) {
    if (batch.consent === "analytics") expect(batch.sessionId).toBe(sessionId);
    else expect(batch.sessionId).toBeUndefined();
  }
  const anonymous = batches.filter((b) => b.consent === "anonymous").flatMap((b) => b.events.map((e) => e.name));
  const consented = batches.filter((b) => b.consent === "analytics").flatMap((b) => b.events.map((e) => e.name));
  expect(anonymous).toEqual(expect.arrayContaining(["page_view", "faq_click"]));
  expect(consented).toContain("faq_click");

  // Everything, consented or not, stayed on 127.0.0.1.
  expect(requests.filter((url) => new URL(url).hostname !== "127.0.0.1")).toEqual([]);
});

test("withdrawing analytics consent stops Amplitude and the session id at once", async ({ page }) => {
  const batches = await recordCollectorBatches(page);
  await page.goto("/home");
  await waitForHydration(page);
  await waitForAnalytics(page);
  await openCookieSettings(page);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await openFaqQuestion(page, 0);
  await expect.poll(async () => (await standInLog()).some((r) => r.path === "/2/httpapi")).toBe(true);

  await openCookieSettings(page);
  await banner(page).getByRole("switch", { name: "Analytics" }).uncheck();
  await banner(page).getByRole("button", { name: "Save Preferences" }).click();
  await expect(banner(page)).toBeHidden();
  const withdrawnAt = await page.evaluate(() => Date.now());
  await leavePage(page);
  const before = batches.length;
  await clearStandInLog();

  await openFaqQuestion(page, 1);
  await leavePage(page);
  await expect.poll(() => batches.length).toBeGreaterThan(before);
  expect(batches.slice(before).every((batch) => batch.consent === "anonymous" && batch.sessionId === undefined)).toBe(true);
  expect(await page.evaluate(() => sessionStorage.getItem("analytics-session-id"))).toBeNull();
  // Amplitude flushes every second: give it two. What it still had queued from before the withdrawal
  // may arrive, but nothing that happened after it.
  await page.waitForTimeout(2000);
  const late = await standInLog();
  const lateAmplitude = late
    .filter((r) => r.path === "/2/httpapi")
    .flatMap((r) => (JSON.parse(r.body) as { events: { event_type: string; time: number }[] }).events);
  expect(lateAmplitude.filter((event) => event.time >= withdrawnAt)).toEqual([]);
  expect(late.filter((r) => r.path === "/g/collect" && r.query.en === "faq_click")).toEqual([]);
});

test("after consent, a page opened from an email link sends its token to no analytics destination", async ({ page }) => {
  const batches = await recordCollectorBatches(page);
  await page.goto("/home");
  await waitForHydration(page);
  await openCookieSettings(page);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toBeHidden();
  await clearStandInLog();

  // The token's value need not be valid: what matters is that it is in the page's address.
  const secret = "1.tokenvalue-never-to-leave.signature";
  await page.goto(`/waitlist/status?token=${secret}&utm_source=newsletter`);
  await waitForAnalytics(page);
  await expect.poll(async () => (await standInLog()).some((r) => r.path === "/g/collect" && r.query.en === "page_view")).toBe(true);
  await expect.poll(async () => (await standInLog()).some((r) => r.path === "/2/httpapi" && r.body.includes("page_view"))).toBe(true);

  const log = await standInLog();
  const sent = JSON.stringify(log) + JSON.stringify(batches);
  expect(sent).not.toContain("tokenvalue-never-to-leave");
  // The page is still recognisable, with its campaign.
  const pageView = log.find((r) => r.path === "/g/collect" && r.query.en === "page_view");
  expect(JSON.parse(pageView?.body ?? "{}")).toMatchObject({ page_location: expect.stringMatching(/\/waitlist\/status\?utm_source=newsletter$/) });
});
