/**
 * A/B assignment at the edge (architecture decision 2): definitions from KV CONFIG "ab_tests"
 * (the spec's table when KV is empty, down or invalid), a visitor key from a first-party cookie.
 */
import { createCookie } from "@remix-run/cloudflare";
import { assignAll, DEFAULT_AB_TESTS, hash53, parseAbTestConfig, type AbAssignments, type AbTestConfig } from "~/lib/ab-tests";
import { logWarn } from "~/lib/log.server";

export const AB_TESTS_KV_KEY = "ab_tests";
const VISITOR_COOKIE = "lv_ab";
const ONE_HUNDRED_EIGHTY_DAYS = 180 * 24 * 60 * 60;

/** Where the definitions in force come from: KV, or the spec's table (and why). */
export type AbTestConfigSource = "kv" | "defaults" | "defaults-invalid" | "defaults-unreadable";

export async function readAbTestConfigWithSource(kv: KVNamespace): Promise<{ config: AbTestConfig; source: AbTestConfigSource }> {
  let text: string | null;
  try {
    text = await kv.get(AB_TESTS_KV_KEY);
  } catch (error) {
    logWarn("ab_config_unreadable_using_defaults", { error });
    return { config: DEFAULT_AB_TESTS, source: "defaults-unreadable" };
  }
  if (text === null) return { config: DEFAULT_AB_TESTS, source: "defaults" };
  let raw: unknown = null;
  try {
    raw = JSON.parse(text);
  } catch {
    // Not JSON at all: as invalid as a wrong shape.
  }
  const { config, valid } = parseAbTestConfig(raw);
  if (!valid) logWarn("ab_config_invalid_using_defaults");
  return { config, source: valid ? "kv" : "defaults-invalid" };
}

export async function readAbTestConfig(kv: KVNamespace): Promise<AbTestConfig> {
  return (await readAbTestConfigWithSource(kv)).config;
}

function visitorCookie(secure: boolean) {
  return createCookie(VISITOR_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_HUNDRED_EIGHTY_DAYS,
  });
}

const VISITOR_ID = /^[a-f0-9]{32}$/;

/**
 * The visitor key: the random id in our cookie; a new one (and a Set-Cookie) on a first visit.
 * A visitor who asks not to be tracked (Sec-GPC or DNT) gets no cookie: the key then falls back to
 * a hash of user agent and language, stable without storing anything.
 */
export async function visitorKey(request: Request): Promise<{ key: string; setCookie: string | null }> {
  const secure = new URL(request.url).protocol === "https:";
  const cookie = visitorCookie(secure);
  const existing = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof existing === "string" && VISITOR_ID.test(existing)) return { key: existing, setCookie: null };

  if (request.headers.get("Sec-GPC") === "1" || request.headers.get("DNT") === "1") {
    const fingerprint = `${request.headers.get("User-Agent") ?? ""}|${request.headers.get("Accept-Language") ?? ""}`;
    return { key: `ua:${hash53(fingerprint).toString(16)}`, setCookie: null };
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { key: id, setCookie: await cookie.serialize(id) };
}

export async function assignAbTests(
  request: Request,
  kv: KVNamespace,
): Promise<{ assignments: AbAssignments; setCookie: string | null }> {
  const [config, visitor] = await Promise.all([readAbTestConfig(kv), visitorKey(request)]);
  return { assignments: assignAll(config, visitor.key), setCookie: visitor.setCookie };
}
