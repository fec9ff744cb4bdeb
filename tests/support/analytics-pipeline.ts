/**
 * The analytics pipeline as production runs it, in the test runner: the site (createTestApp) hands
 * each beacon to the real "linkvault-analytics" queue and checks its limits in the real Durable
 * Object; the companion Worker's real consumer (test-worker.ts) stores the beacons in ANALYTICS_DB.
 * A test reaches the consumer's side through jobs-hooks.ts: holdQueue() stops it, changeJobsEnv()
 * puts a probe (d1-probe.ts) in front of its database.
 */
import { BEACON_VERSION, type Beacon } from "~/features/analytics/beacon.server";
import type { CloudflareEnv } from "~/lib/env.server";
import { createAdminUser, pageGet, signIn } from "./admin";
import { createTestApp, runner, type TestApp } from "./app";

export const BROWSER_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

export interface AnalyticsSite {
  app: TestApp;
  /** The owner's session cookie. */
  cookie: string;
  /** POSTs an event batch to the collector as a browser on the site does, from `ip`. */
  post(body: unknown, ip: string): Promise<Response>;
  /** The admin's analytics page, as the owner sees it. */
  adminPage(query?: string): Promise<{ status: number; html: string }>;
}

/** The site with the analytics queue and the limiter bound, and its owner signed in. */
export async function openAnalyticsSite(vars: Partial<CloudflareEnv> = {}): Promise<AnalyticsSite> {
  const app = await createTestApp({ ANALYTICS_QUEUE: runner.ANALYTICS_QUEUE, RATE_LIMITER: runner.RATE_LIMITER, ...vars });
  await createAdminUser(app.db, { email: "pipeline-owner@example.test" });
  const cookie = await signIn(app, "pipeline-owner@example.test");
  return {
    app,
    cookie,
    post: (body, ip) => app.fetch(eventsRequest(body, ip)),
    async adminPage(query = "") {
      const response = await app.fetch(pageGet(`/admin/analytics${query ? `?${query}` : ""}`, cookie));
      return { status: response.status, html: await response.text() };
    },
  };
}

/** A POST to /api/events as the browser sends it (same origin, a real user agent), from `ip`. */
export function eventsRequest(body: unknown, ip: string): Request {
  return new Request("http://127.0.0.1:8788/api/events", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://127.0.0.1:8788", "User-Agent": BROWSER_UA, "CF-Connecting-IP": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A batch of `n` events of `name` as the browser posts it. */
export function eventBatch(n: number, name = "page_view", properties: Record<string, unknown> = {}, path = "/home") {
  const at = Date.now();
  return { consent: "anonymous", events: Array.from({ length: n }, () => ({ name, at, path, properties })) };
}

/** A number shown on the admin's analytics page (by its data-testid), as digits. */
export function statOf(html: string, testId: string): number {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html);
  if (!match) throw new Error(`no ${testId} on the page`);
  return Number(match[1]!.replace(/[^0-9]/g, ""));
}

/** Stored events on `path`, and its page views in the daily counts. */
export async function storedOn(analytics: D1Database, path: string): Promise<{ events: number; pageViews: number }> {
  const [events, pageViews] = await analytics.batch<{ n: number }>([
    analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE path = ?1").bind(path),
    analytics.prepare("SELECT coalesce(sum(n), 0) AS n FROM analytics_daily_counts WHERE name = 'page_view' AND facet = 'path' AND value = ?1").bind(path),
  ]);
  return { events: events!.results[0]!.n, pageViews: pageViews!.results[0]!.n };
}

/** One beacon as the collector hands it to the queue: `events` page views on `path`, received `at`. */
export function beacon(id: string, events: number, path: string, at = new Date().toISOString()): Beacon {
  return {
    v: BEACON_VERSION,
    id,
    receivedAt: at,
    consent: "anonymous",
    visitorHash: null,
    sessionId: null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    events: Array.from({ length: events }, () => ({ name: "page_view", occurredAt: at, path, properties: {} })),
  };
}
