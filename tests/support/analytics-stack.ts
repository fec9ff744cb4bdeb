/**
 * The local stack (scripts/local-stack/, ADR 0032) with the real site build and the real companion
 * Worker, both databases migrated by wrangler's CLI, for the analytics pipeline's tests (ADR 0037):
 * requests go over HTTP to the stack, as a browser's do. Optional instruments (tests only, added
 * through `extendWorkers`): a probe in front of the jobs worker's ANALYTICS_DB and a stoppable gate in
 * front of the analytics queue's consumer (scripts/local-stack/instruments.mjs).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { createAdmin } from "../../scripts/lib/admin.mjs";
import { applyMigrations } from "../../scripts/lib/wrangler.mjs";
import { startLocalStack, type LocalStack } from "../../scripts/local-stack/index.mjs";
import { consumerGate, d1Probe } from "../../scripts/local-stack/instruments.mjs";

export const ANALYTICS_QUEUE = "linkvault-analytics";
export const BROWSER_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const STACK_ADMIN = { email: "pipeline-owner@example.test", password: "pipeline owner password 2026" };

export interface AnalyticsStack {
  stack: LocalStack;
  probe: ReturnType<typeof d1Probe>;
  gate: ReturnType<typeof consumerGate>;
  /** The analytics database, through the site's binding (the test's reads never pass the probe). */
  analytics(): Promise<D1Database>;
  /** The site's database. */
  site(): Promise<D1Database>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /**
   * The same POST on a connection of its own, closed after the answer: for the load of many clients,
   * where a reused idle connection the server is closing could fail a request mid-flight, and leave
   * the test unable to say whether the server took it.
   */
  postOnce(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  /** The admin's session cookie (signed in over HTTP). */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

export async function startAnalyticsStack(vars: Record<string, string> = {}): Promise<AnalyticsStack> {
  mkdirSync(join("tests", ".tmp"), { recursive: true });
  const stateDir = mkdtempSync(join("tests", ".tmp", "analytics-stack-"));
  await applyMigrations(stateDir);
  await createAdmin({ ...STACK_ADMIN, role: "owner", stateDir });
  const probe = d1Probe({ worker: "jobs", binding: "ANALYTICS_DB" });
  const gate = consumerGate({ queue: ANALYTICS_QUEUE });
  const stack = await startLocalStack({
    port: 0,
    stateDir,
    devVars: false,
    vars: { APP_ENV: "test", ...vars },
    crons: false,
    testHooks: true,
    logLevel: "error",
    extendWorkers: (workers) => gate.extend(probe.extend(workers)),
  });
  const url = stack.url;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, url), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", Origin: url.origin, "User-Agent": BROWSER_UA, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const postOnce = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const text = JSON.stringify(body);
      const request = httpRequest(
        new URL(path, url),
        {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), Origin: url.origin, "User-Agent": BROWSER_UA, Connection: "close", ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(text);
    });
  return {
    stack,
    probe,
    postOnce,
    gate,
    analytics: async () => (await stack.mf.getD1Database("ANALYTICS_DB", "site")) as unknown as D1Database,
    site: async () => (await stack.mf.getD1Database("DB", "site")) as unknown as D1Database,
    post,
    signIn: () => signInOverHttp(url),
    async close() {
      gate.start();
      await stack.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Signs STACK_ADMIN in on the stack at `url` over HTTP, as a browser does; resolves with the session cookie. */
export async function signInOverHttp(url: URL): Promise<string> {
  const response = await fetch(new URL("/admin/login", url), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url.origin, "CF-Connecting-IP": "192.0.2.250" },
    body: new URLSearchParams({ email: STACK_ADMIN.email, password: STACK_ADMIN.password, redirectTo: "/admin/dashboard" }).toString(),
  });
  const pair = (response.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("lv_admin="));
  if (response.status !== 302 || !pair) throw new Error(`sign-in failed with ${response.status}`);
  return pair;
}

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs` (a guard, never a wait). */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 60_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
