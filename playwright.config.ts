import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/lib/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 8790);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Tests start as a returning visitor who has already answered the cookie banner (necessary only),
 * so the banner never covers what a test clicks. The banner's own tests start without it.
 */
const RETURNING_VISITOR = {
  cookies: [],
  origins: [
    {
      origin: E2E_BASE_URL,
      localStorage: [
        { name: "cookie-consent", value: JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }) },
        { name: "cookie-consent-date", value: "2026-01-01T00:00:00.000Z" },
      ],
    },
  ],
};

/**
 * Specs that change what every page shows (site settings, reviews on /home) or read the request log
 * the third-party stand-ins share (analytics consent, and the cookie banner, whose Accept All writes
 * to it): they run after the others, one at a time, so that no other test runs beside them.
 */
const ALONE = ["admin-settings.both", "admin-reviews.both", "analytics-consent", "cookie-banner"];
const specs = (names: string[]) => new RegExp(`/(${names.map((name) => name.replaceAll(".", "\\.")).join("|")})\\.spec\\.ts$`);
const BOTH = /\.both\.spec\.ts$/;
const JS = { browserName: "chromium" as const };
const NO_JS = { browserName: "chromium" as const, javaScriptEnabled: false };

export default defineConfig({
  testDir: "tests/e2e",
  // A file's tests run in order in one worker. Two workers pass too (`--workers=2`: the ALONE specs keep
  // them apart) but were not faster on 2 cores, where workerd and Chromium already use both.
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on a second try is failing (issue 18).
  retries: 0,
  // Timeouts detect a hang; they are not a speed limit. On a loaded 2-core machine a page that loads in
  // 2 s idle takes 20 s, so they leave room for that; a test waits on conditions, never on time (ADR 0009).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: `tests/.tmp/playwright-${PORT}`,
  // The third-party analytics stand-ins on 127.0.0.1 (tests/e2e/third-parties.mjs).
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    storageState: RETURNING_VISITOR,
    // CI keeps no artifacts, so a trace there only costs time (about a tenth of the run, measured side by side).
    trace: process.env.CI ? "off" : "retain-on-failure",
  },
  projects: [
    { name: "js", use: JS, testIgnore: specs(ALONE) },
    { name: "no-js", use: NO_JS, testMatch: BOTH, testIgnore: specs(ALONE) },
    { name: "js, alone", use: JS, testMatch: specs(ALONE), workers: 1, dependencies: ["js", "no-js"] },
    { name: "no-js, alone", use: NO_JS, testMatch: specs(ALONE.filter((name) => name.endsWith(".both"))), workers: 1, dependencies: ["js, alone"] },
  ],
  // What `npm start` runs (the site and the companion Worker under wrangler's dev server), on fresh
  // state (tests/e2e/server.mjs).
  webServer: {
    command: `node tests/e2e/server.mjs ${PORT}`,
    url: `${E2E_BASE_URL}/home`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets the server stop wrangler (and its workerd) before it exits.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
