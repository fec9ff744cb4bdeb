import { expect, type Page } from "@playwright/test";
import { collectorBatchSchema, type CollectorBatch } from "../../app/features/analytics/catalogue";
import { thirdPartyOrigin } from "./third-parties.mjs";

/** The third-party stand-ins of this run (tests/e2e/third-parties.mjs). */
export const STAND_INS = thirdPartyOrigin(process.env.E2E_PORT ?? 8790);

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string;
}

export async function standInLog(): Promise<StandInRequest[]> {
  return (await fetch(`${STAND_INS}/__log`)).json() as Promise<StandInRequest[]>;
}

export async function clearStandInLog(): Promise<void> {
  await fetch(`${STAND_INS}/__log`, { method: "DELETE" });
}

/**
 * Answers POST /api/events in the browser (the collector itself is tested on its own) and keeps
 * every batch body, each checked against the collector's contract.
 */
export async function recordCollectorBatches(page: Page): Promise<CollectorBatch[]> {
  const batches: CollectorBatch[] = [];
  await page.route("**/api/events", async (route) => {
    const batch = collectorBatchSchema.parse(JSON.parse(route.request().postData() ?? "null"));
    batches.push(batch);
    await route.fulfill({ status: 202, json: { accepted: batch.events.length, dropped: 0 } });
  });
  return batches;
}

/** Resolves once the lazily loaded analytics client runs (it marks <html data-analytics="on">). */
export async function waitForAnalytics(page: Page) {
  await expect(page.locator('html[data-analytics="on"]')).toBeAttached({ timeout: 15_000 });
}

/** What the page does when it is left: the analytics client sends what waits. */
export async function leavePage(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
}

export interface SeenEvent {
  name: string;
  properties: Record<string, unknown>;
  path: string;
}

/**
 * Every event passed to track() in this page, across reloads and navigations (the DOM mirror
 * "analytics:event" forwarded to the test). Call before page.goto().
 */
export async function recordTrackedEvents(page: Page): Promise<SeenEvent[]> {
  const seen: SeenEvent[] = [];
  await page.exposeBinding("__recordAnalyticsEvent", (_source, event: SeenEvent) => {
    seen.push(event);
  });
  await page.addInitScript(() => {
    window.addEventListener("analytics:event", (event) => {
      const { name, properties, path } = (event as CustomEvent<SeenEvent>).detail;
      (window as unknown as { __recordAnalyticsEvent: (e: SeenEvent) => void }).__recordAnalyticsEvent({ name, properties, path });
    });
  });
  return seen;
}

export const named = (events: readonly SeenEvent[], name: string) => events.filter((event) => event.name === name);
