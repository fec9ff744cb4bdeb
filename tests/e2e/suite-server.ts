/**
 * The suite's own dev server (tests/e2e/server.mjs, at playwright.config.ts's base URL), reached from
 * a test: its companion Worker's cron, fired when the test says (the server fires none by itself), and
 * its D1 databases, for the rows the site cannot make for a test.
 */
import { devServerAt, type DevServerClient, type ScheduledOutcome } from "../../scripts/lib/dev-server.mjs";
import { E2E_BASE_URL } from "../../playwright.config";

let client: DevServerClient | undefined;

export function suiteServer(): DevServerClient {
  client ??= devServerAt(E2E_BASE_URL);
  return client;
}

/** Runs the companion Worker's scheduled() now, as its Cron Trigger would; resolves with its outcome. */
export function runJobsCron(): Promise<ScheduledOutcome> {
  return suiteServer().runScheduled();
}
