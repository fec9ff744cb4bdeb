/**
 * The variants the site assigns a visitor, worked out the way the edge does it (app/lib/ab-tests.server.ts):
 * from the lv_ab cookie's id (or user agent and language with a privacy signal), keyed with the site's
 * IP_HASH_SECRET (ADR 0047). Tests compare a page with this, never with a formula of their own.
 */
import { assignAll, DEFAULT_AB_TESTS, type AbAssignments, type AbTestConfig } from "~/lib/ab-tests";
import { knownVisitorKey } from "~/lib/ab-tests.server";
import { parseEnv, type CloudflareEnv } from "~/lib/env.server";
import { runner } from "./app";

/** The lv_ab pair ("lv_ab=…") of a Set-Cookie header or a Cookie header. */
export function abCookiePair(cookie: string | null): string {
  const pair = /lv_ab=[^;,\s]+/.exec(cookie ?? "")?.[0];
  if (!pair) throw new Error("no lv_ab cookie");
  return pair;
}

/** The random id an lv_ab cookie carries (Remix's encoding: base64 of the JSON of the value). */
export function abVisitorId(cookie: string | null): string {
  return JSON.parse(atob(decodeURIComponent(abCookiePair(cookie).slice("lv_ab=".length)))) as string;
}

/** An lv_ab cookie pair for a visitor id of the test's choosing. */
export const abCookieFor = (id: string) => `lv_ab=${encodeURIComponent(btoa(JSON.stringify(id)))}`;

/** The secret the site derives visitor keys with, for the app's variables (the development default when unset). */
export const visitorSecretOf = (env: Partial<CloudflareEnv> = {}) => parseEnv({ DB: runner.DB, CONFIG: runner.CONFIG, APP_ENV: "test", ...env }).IP_HASH_SECRET;

/** What the edge assigns the browser that sends these headers (a Cookie with lv_ab, or DNT/Sec-GPC with a user agent). */
export async function assignmentsFor(headers: HeadersInit, config: AbTestConfig = DEFAULT_AB_TESTS, env: Partial<CloudflareEnv> = {}): Promise<AbAssignments> {
  const key = await knownVisitorKey(new Request("http://127.0.0.1:8788/home", { headers }), visitorSecretOf(env));
  if (!key) throw new Error("these headers carry no A/B visitor");
  return assignAll(config, key);
}

/** What the edge assigns the visitor of this lv_ab cookie (a Set-Cookie header or a cookie pair). */
export const assignmentsOfCookie = (cookie: string | null, config: AbTestConfig = DEFAULT_AB_TESTS, env: Partial<CloudflareEnv> = {}) =>
  assignmentsFor({ Cookie: abCookiePair(cookie) }, config, env);
