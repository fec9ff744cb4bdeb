/**
 * The sign-up forms with Cloudflare Turnstile on (ADR 0033), in Chromium. The suite's own server runs
 * with Turnstile off, so this file starts a dev server of its own (e2e-server.mjs, on a free port)
 * with the TURNSTILE_* variables pointed at the stand-in (tests/support/turnstile-standin.mjs), which
 * runs in this worker so the tests can read what it was asked.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { HUMAN_CHECK_MESSAGES } from "../../app/lib/messages";
import { englishT } from "../support/english";
import { freePort } from "../../scripts/lib/free-port.mjs";
import type { FreshDevServer } from "../support/fresh-dev-server.mjs";
import { startTurnstileStandin, type TurnstileStandin } from "../support/turnstile-standin.mjs";
import { startE2eServer } from "./e2e-server.mjs";
import { uniqueEmail, WAITLIST_ACTION, WAITLIST_ACTION_REQUESTS, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";

let standin: TurnstileStandin;
let server: FreshDevServer | undefined;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  standin = await startTurnstileStandin();
  server = await startE2eServer({
    port: await freePort(),
    name: "e2e-turnstile",
    vars: {
      TURNSTILE_SITE_KEY: standin.siteKey,
      TURNSTILE_SECRET_KEY: standin.secretKey,
      TURNSTILE_SCRIPT_URL: standin.scriptUrl,
      TURNSTILE_VERIFY_URL: standin.verifyUrl,
    },
  });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
  await standin?.close();
});

/** A returning visitor who answered the cookie banner (as playwright.config.ts sets up for its own origin). */
async function returningVisitor(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
    localStorage.setItem("cookie-consent-date", "2026-01-01T00:00:00.000Z");
  });
}

/** Every browser request to the Turnstile host, and every CSP violation the page reports. */
function watch(page: Page) {
  const turnstileRequests: string[] = [];
  const cspViolations: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(standin.origin)) turnstileRequests.push(request.url());
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { turnstileRequests, cspViolations };
}

test.beforeEach(async ({ context }) => {
  standin.reset();
  await returningVisitor(context);
});

for (const path of ["/home", "/waitlist"]) {
  test(`${path}: no request to Turnstile until a form field is focused; then the widget renders and a sign-up succeeds`, async ({ page }) => {
    const { turnstileRequests, cspViolations } = watch(page);
    await page.goto(`${origin}${path}`);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const section = waitlistSection(page);
    await section.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    // A page view, hydration, idle work and scrolling to the form: nothing from Turnstile.
    expect(turnstileRequests).toEqual([]);
    expect(standin.requests).toEqual([]);
    await expect(section.locator('[data-human-check="waiting"]')).toBeAttached();

    await section.getByLabel("Email address").focus();
    await expect(section.frameLocator("iframe").getByText("Success!")).toBeVisible();
    await expect(section.locator('[data-human-check="solved"]')).toBeAttached();
    expect(turnstileRequests.some((url) => url.startsWith(standin.scriptUrl))).toBe(true);
    // The script carries the page's CSP nonce.
    const nonces = await page.evaluate((scriptUrl) => {
      const turnstile = [...document.scripts].find((s) => s.src.startsWith(scriptUrl));
      const own = [...document.scripts].find((s) => s !== turnstile && s.nonce);
      return { turnstile: turnstile?.nonce, page: own?.nonce };
    }, standin.scriptUrl);
    expect(nonces.turnstile).toBeTruthy();
    expect(nonces.turnstile).toBe(nonces.page);

    const email = uniqueEmail("turnstile");
    await section.getByLabel("Email address").fill(email);
    const sent = page.waitForRequest(WAITLIST_ACTION_REQUESTS);
    await waitlistSubmit(page).click();
    expect(new URLSearchParams((await sent).postData() ?? "").get("cf-turnstile-response")).toMatch(/^standin\./);
    await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
    expect(standin.verifications).toHaveLength(1);
    expect(standin.verifications[0]!.answer).toMatchObject({ success: true, action: "waitlist" });
    expect(cspViolations).toEqual([]);
  });
}

test("the notification modal loads the widget when it opens (its first field takes focus) and signs up", async ({ page }) => {
  const { turnstileRequests, cspViolations } = watch(page);
  await page.goto(`${origin}/home`);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(turnstileRequests).toEqual([]);

  await page.getByRole("link", { name: /Notify Me when Android/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expect(dialog.frameLocator("iframe").getByText("Success!")).toBeVisible();
  await dialog.getByLabel("Name").fill("Grace Hopper");
  await dialog.getByLabel("Email address").fill(uniqueEmail("turnstile-notify"));
  await dialog.getByRole("button", { name: "Notify Me" }).click();
  await expect(dialog.getByRole("status")).toContainText("Android");
  expect(standin.verifications.at(-1)!.answer).toMatchObject({ success: true, action: "notify" });
  expect(cspViolations).toEqual([]);
});

test("a form sent before an interactive check is solved waits for it, then goes", async ({ page }) => {
  standin.setModes({ widget: "interactive" });
  await page.goto(`${origin}/waitlist`);
  await waitForHydration(page);
  const section = waitlistSection(page);
  await section.getByLabel("Email address").fill(uniqueEmail("interactive"));
  const checkbox = section.frameLocator("iframe").getByLabel("Verify you are human");
  await expect(checkbox).toBeVisible();
  await waitlistSubmit(page).click();
  await expect(section.getByRole("button", { name: "Joining..." })).toBeDisabled();
  expect(standin.verifications).toHaveLength(0);
  await checkbox.click();
  await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
  expect(standin.verifications).toHaveLength(1);
});

test("after a refusal the widget hands out a fresh token, so the corrected form goes through", async ({ page }) => {
  // An address already on the list: the server spends the token, then answers 409.
  const taken = uniqueEmail("taken");
  const first = await page.request.post(`${origin}${WAITLIST_ACTION}`, {
    form: { email: taken, submissionTime: String(Date.now() - 10_000), "cf-turnstile-response": standin.issueToken() },
    headers: { Origin: origin },
  });
  expect(first.status()).toBe(200);

  await page.goto(`${origin}/waitlist`);
  await waitForHydration(page);
  const section = waitlistSection(page);
  await section.getByLabel("Email address").fill(taken);
  await expect(section.locator('[data-human-check="solved"]')).toBeAttached();
  await waitlistSubmit(page).click();
  await expect(section.getByText("This email is already in our beta testing program!")).toBeVisible();
  await section.getByLabel("Email address").fill(uniqueEmail("corrected"));
  await waitlistSubmit(page).click();
  await expect(page.getByTestId("waitlist-welcome")).toBeVisible();
  const tokens = standin.verifications.slice(1).map((v) => v.fields.response);
  expect(tokens).toHaveLength(2);
  expect(tokens[0]).not.toBe(tokens[1]);
});

test("without JavaScript the form says it needs JavaScript, and the server answers the clear message", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const { turnstileRequests } = watch(page);
  await page.goto(`${origin}/waitlist`);
  const section = waitlistSection(page);
  // A <noscript> note (Playwright's text and role selectors skip <noscript>, so it is found by CSS).
  const note = section.locator("noscript p");
  await expect(note).toBeVisible();
  await expect(note).toHaveText(englishT("common.forms.humanCheckNoScript"));
  await section.getByLabel("Email address").fill(uniqueEmail("nojs-turnstile"));
  await waitlistSubmit(page).click();
  await expect(section.getByRole("alert").filter({ hasText: HUMAN_CHECK_MESSAGES.missing })).toBeVisible();
  expect(turnstileRequests).toEqual([]);
  expect(standin.requests).toEqual([]);
  await context.close();
});
