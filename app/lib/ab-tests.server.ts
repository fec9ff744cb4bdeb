/**
 * A/B assignment at the edge (architecture decision 2): definitions from KV CONFIG "ab_tests"
 * (the spec's table when KV is empty, down or invalid), a visitor key from a first-party cookie.
 */
import { createCookie } from "@remix-run/cloudflare";
import { assignAll, DEFAULT_AB_TESTS, parseAbTestConfig, type AbAssignments, type AbTestConfig } from "~/lib/ab-tests";
import { keyedHash } from "~/lib/client-id.server";
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
 * The key a visitor's variants are drawn from: a keyed hash (IP_HASH_SECRET) of what identifies the
 * visitor. Keyed, so that no one can work out offline which cookie value or user agent lands on which
 * variant and send it (ADR 0047): a client can only try its luck one page view, one served
 * impression, at a time.
 */
function assignmentKey(secret: string, basis: string): Promise<string> {
  return keyedHash(secret, `ab-visitor:${basis}`);
}

/**
 * The visitor key: from the random id in our cookie; a new id (and a Set-Cookie) on a first visit.
 * A visitor who asks not to be tracked (Sec-GPC or DNT) gets no cookie: the key then comes from user
 * agent and language (spec section 4), stable without storing anything.
 */
export async function visitorKey(request: Request, secret: string): Promise<{ key: string; setCookie: string | null }> {
  const known = await knownVisitorKey(request, secret);
  if (known) return { key: known, setCookie: null };
  const secure = new URL(request.url).protocol === "https:";
  const cookie = visitorCookie(secure);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { key: await assignmentKey(secret, id), setCookie: await cookie.serialize(id) };
}

/**
 * The key the edge already assigned this visitor's variants with: from the cookie's id, or from user
 * agent and language for a visitor with a privacy signal; null for a visitor who was never assigned.
 */
export async function knownVisitorKey(request: Request, secret: string): Promise<string | null> {
  const cookie = visitorCookie(new URL(request.url).protocol === "https:");
  const existing = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof existing === "string" && VISITOR_ID.test(existing)) return assignmentKey(secret, existing);
  if (request.headers.get("Sec-GPC") === "1" || request.headers.get("DNT") === "1") {
    return assignmentKey(secret, `ua:${request.headers.get("User-Agent") ?? ""}|${request.headers.get("Accept-Language") ?? ""}`);
  }
  return null;
}

/** The key of the visitor an answer is for: the one the request names, or the one of the cookie the answer sets (a first visit). */
export async function answeredVisitorKey(request: Request, setCookies: readonly string[], secret: string): Promise<string | null> {
  const known = await knownVisitorKey(request, secret);
  if (known) return known;
  const pair = setCookies.map((cookie) => cookie.split(";", 1)[0]!).find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`));
  return pair ? knownVisitorKey(new Request(request.url, { headers: { Cookie: pair } }), secret) : null;
}

export async function assignAbTests(
  request: Request,
  kv: KVNamespace,
  secret: string,
): Promise<{ assignments: AbAssignments; setCookie: string | null }> {
  const [config, visitor] = await Promise.all([readAbTestConfig(kv), visitorKey(request, secret)]);
  return { assignments: assignAll(config, visitor.key), setCookie: visitor.setCookie };
}

/**
 * The landing loader's signal to the request pipeline that its answer shows these variants (ADR 0047):
 * the pipeline counts the impression and never sends the header on. It travels with the page into
 * the edge cache, so a page served from there is counted too.
 */
export const SHOWN_VARIANTS_HEADER = "X-LV-AB-Shown";

/** The header's value for a page's assignments: "test=variant" for each running test, or null when none runs. */
export function shownVariantsValue(assignments: AbAssignments): string | null {
  const shown = Object.values(assignments).filter((assignment) => assignment.active);
  return shown.length > 0 ? shown.map(({ test, variant }) => `${test}=${variant}`).join(",") : null;
}

const IDENTIFIER = /^[a-z0-9_]{1,60}$/;

/** The header's value read back: { test: variant }, or null when it is empty or not ours. */
export function parseShownVariants(value: string | null): Record<string, string> | null {
  if (!value) return null;
  const pairs = value.split(",").map((pair) => pair.split("="));
  if (!pairs.every((pair) => pair.length === 2 && pair.every((part) => IDENTIFIER.test(part!)))) return null;
  return Object.fromEntries(pairs);
}
