/**
 * The edge cache for public HTML (ADR 0025): rendered landing pages are kept in the Workers Cache
 * API, keyed by everything their HTML depends on, so a repeat request costs two KV reads and a
 * cache lookup instead of D1 queries and a React render.
 *
 * The key holds the deployed build and its analytics settings, the content version (bumped by every
 * admin change to reviews or settings), the visitor's A/B assignment, the URL without the click ids
 * and tags no page reads (UNKEYED_QUERY_PARAMS), and the external referrer's origin (the waitlist
 * form carries it and the utm source, medium and campaign; never the referrer's path, ADR 0034). Variants therefore never leak between visitors, and an
 * admin's change makes the next request miss. The CSP nonce baked into a stored page is replaced
 * by the request's own nonce on every serve, and Set-Cookie is never stored.
 *
 * Freshness is stale-while-revalidate, implemented here because the Cache API does not: a stored
 * page is fresh for EDGE_CACHE_FRESH_SECONDS; after that, for EDGE_CACHE_STALE_SECONDS more, one
 * request gets the stale copy at once while a fresh render replaces it in the background.
 */
import { readAbTestConfigWithSource, visitorKey } from "~/lib/ab-tests.server";
import { assignAll, type AbAssignments } from "~/lib/ab-tests";
import { ADMIN_WRITE_HEADER } from "~/lib/admin-write";
import { attributionFrom } from "~/lib/attribution";
import { EDGE_CACHE_FRESH_SECONDS, EDGE_CACHE_STALE_SECONDS, type PrecomputedAbAssignment } from "~/lib/edge-cache-policy";
import { logWarn } from "~/lib/log.server";
import { LANGUAGES, localizedPath, splitLanguage } from "~/lib/i18n/languages";

// What loaders and this cache agree on lives in lib/ (loaders must not import the pipeline).
export { EDGE_CACHE_FRESH_SECONDS, EDGE_CACHE_STALE_SECONDS, EDGE_CACHEABLE, NOT_CACHEABLE, type PrecomputedAbAssignment } from "~/lib/edge-cache-policy";

/** What browsers get for a page the edge may cache: revalidate every time (and stay bf-cache eligible). */
export const BROWSER_CACHE_CONTROL = "private, no-cache";

/** KV key of the content version: any change invalidates every stored page at once. */
export const CONTENT_VERSION_KV_KEY = "html_cache_version";

/**
 * Paths whose pages are edge-cached, in every language; their loaders opt in per response with
 * EDGE_CACHEABLE. Not `/`: it negotiates the language (ADR 0057).
 */
const EDGE_CACHED_PATHS = new Set(LANGUAGES.map(({ code }) => localizedPath(code, "/home")));

const STORED_NONCE = "X-Edge-Nonce";
const STORED_AT = "X-Edge-Stored-At";
export const CACHE_STATUS_HEADER = "X-Edge-Cache";
/** Headers that tell how a page was served; shown only where exposeCacheState allows. */
const CACHE_STATE_HEADERS = [CACHE_STATUS_HEADER, "Age", "CF-Cache-Status"];

/** Renders the page through Remix with the given nonce, precomputed assignment and the key's content version. */
export type RenderPage = (nonce: string, ab?: PrecomputedAbAssignment, contentVersion?: string) => Promise<Response>;

export interface EdgeCacheRequest {
  request: Request;
  kv: KVNamespace;
  cache: Cache | undefined;
  /** The secret the visitor's A/B key is derived with (IP_HASH_SECRET, ADR 0047). */
  visitorSecret: string;
  /**
   * The deployment: the build and the configuration that reaches the HTML (the analytics settings
   * a page hands the browser), so a redeploy with other settings never serves pages built with the old.
   */
  buildVersion: string;
  nonce: string;
  createNonce(): string;
  waitUntil(promise: Promise<unknown>): void;
  render: RenderPage;
  /**
   * Whether answers say how the cache served them (X-Edge-Cache, Age): locally and in tests only.
   * In production they would tell anyone whether someone requested a page variant lately (ADR 0034).
   */
  exposeCacheState: boolean;
}

/**
 * A page a loader marked edge-cacheable must not be kept by browsers or shared caches as is: only
 * this cache knows the variant key. Applied by the pipeline to every response.
 */
export function applyBrowserCacheControl(headers: Headers): void {
  if ((headers.get("Cache-Control") ?? "").includes("s-maxage")) headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
}

export function isEdgeCacheable(request: Request): boolean {
  return request.method === "GET" && EDGE_CACHED_PATHS.has(new URL(request.url).pathname);
}

/**
 * Whether a response ends an admin change: the admin action guard marked it (ADMIN_WRITE_HEADER) as
 * a signed-in admin's accepted action. A beta-tester deletion bumps the version needlessly, which
 * costs one cache miss per page and variant.
 */
export function isAdminChange(response: Response): boolean {
  return response.headers.has(ADMIN_WRITE_HEADER);
}

/** Stored pages are all invalidated: the next request renders afresh (elsewhere within KV's propagation delay). */
export async function bumpContentVersion(kv: KVNamespace): Promise<boolean> {
  try {
    // Unique even for two changes within one millisecond.
    await kv.put(CONTENT_VERSION_KV_KEY, `${Date.now()}-${crypto.randomUUID().slice(0, 8)}`);
    return true;
  } catch (error) {
    logWarn("html_cache_version_not_bumped", { error });
    return false;
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Query parameters that ad and mail platforms add, often unique per click, that no page reads: left
 * out of the key, so such visits share the stored page instead of each rendering its own. Everything
 * else stays in the key (the form's utm_source/medium/campaign, Remix's _data, anything unknown).
 */
export const UNKEYED_QUERY_PARAMS = new Set(["gclid", "gbraid", "wbraid", "dclid", "fbclid", "msclkid", "twclid", "ttclid", "li_fat_id", "mc_cid", "mc_eid", "_ga", "_gl", "utm_content", "utm_term", "utm_id"]);

/** The query as the key sees it: without the unkeyed parameters, in a stable order. */
function keyedQuery(url: URL): string {
  const kept = [...url.searchParams].filter(([name]) => !UNKEYED_QUERY_PARAMS.has(name.toLowerCase()));
  kept.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return new URLSearchParams(kept).toString();
}

async function cacheKeyFor(request: Request, buildVersion: string, contentVersion: string, assignments: AbAssignments): Promise<string> {
  const url = new URL(request.url);
  // Labels too: a definition edited in KV under the same variant id renders other words.
  const variants = Object.values(assignments)
    .map((a) => `${a.test}=${a.variant}:${a.active}:${a.label}`)
    .sort();
  const { referrer } = attributionFrom(request.url, request.headers.get("Referer"));
  // The path names the language already; the language is named on its own too, so no path rule can mix them.
  const parts = [buildVersion, contentVersion, variants, splitLanguage(url.pathname).lang, url.pathname, keyedQuery(url), referrer];
  return `${url.origin}/__edge-cache/${await sha256Hex(JSON.stringify(parts))}`;
}

/** The stored copy: the page's body, no cookies, the nonce it was rendered with, when it was stored. */
function storedCopy(response: Response, body: ReadableStream | null, nonce: string): Response {
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_FRESH_SECONDS + EDGE_CACHE_STALE_SECONDS}`);
  headers.set(STORED_NONCE, nonce);
  headers.set(STORED_AT, `${Date.now()}`);
  return new Response(body, { status: response.status, headers });
}

function isStorable(response: Response, ab: PrecomputedAbAssignment): boolean {
  if (response.status !== 200) return false;
  if (!(response.headers.get("Cache-Control") ?? "").includes("s-maxage")) return false;
  // Only our own visitor cookie may be set (and it is dropped from the copy); anything else is per visitor.
  const setCookie = response.headers.get("Set-Cookie");
  return setCookie === null || setCookie === ab.setCookie;
}

/** X-Edge-Cache and Age, where cache state may be shown (never in production). */
function setCacheState(headers: Headers, options: EdgeCacheRequest, status: "HIT" | "STALE" | "MISS", ageSeconds?: number): void {
  if (!options.exposeCacheState) return;
  headers.set(CACHE_STATUS_HEADER, status);
  if (ageSeconds !== undefined) headers.set("Age", `${ageSeconds}`);
}

/** What the browser gets: its own nonce, its own cookie, and no edge bookkeeping. */
async function served(options: EdgeCacheRequest, stored: Response, nonce: string, setCookie: string | null, status: "HIT" | "STALE"): Promise<Response> {
  const storedNonce = stored.headers.get(STORED_NONCE);
  const storedAt = Number(stored.headers.get(STORED_AT));
  let body = await stored.text();
  if (storedNonce) body = body.replaceAll(storedNonce, nonce);
  const headers = new Headers(stored.headers);
  headers.delete(STORED_NONCE);
  headers.delete(STORED_AT);
  // Whatever the platform's cache says about the copy is cache state too.
  for (const name of CACHE_STATE_HEADERS) headers.delete(name);
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  setCacheState(headers, options, status, Number.isFinite(storedAt) ? Math.max(0, Math.floor((Date.now() - storedAt) / 1000)) : undefined);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return new Response(body, { status: stored.status, headers });
}

function isFresh(stored: Response): boolean {
  const storedAt = Number(stored.headers.get(STORED_AT));
  return Number.isFinite(storedAt) && Date.now() - storedAt < EDGE_CACHE_FRESH_SECONDS * 1000;
}

/** Renders and, when the page allows it, stores; answers with the rendered page. */
async function renderAndStore(
  options: EdgeCacheRequest,
  cache: Cache,
  { key, ab, contentVersion }: { key: string; ab: PrecomputedAbAssignment; contentVersion: string },
  nonce: string,
): Promise<Response> {
  const response = await options.render(nonce, ab, contentVersion);
  if (!isStorable(response, ab)) return response;
  // The page's bytes go to the visitor and to the cache as they are: decoding the page and encoding
  // it twice again cost a tenth of a cache miss's CPU (ADR 0035).
  const [forVisitor, forCache] = response.body ? response.body.tee() : [null, null];
  // A cache that fails, even synchronously, only costs the next visitor a render.
  options.waitUntil(
    Promise.resolve()
      .then(() => cache.put(key, storedCopy(response, forCache, nonce)))
      .catch((error) => {
        logWarn("html_cache_put_failed", { error });
        return forCache?.cancel().catch(() => {});
      }),
  );
  const headers = new Headers(response.headers);
  setCacheState(headers, options, "MISS");
  return new Response(forVisitor, { status: response.status, headers });
}

/**
 * Answers an edge-cacheable request from the cache when it can. Without a cache, or when KV cannot
 * be read (the key would be wrong), the page is rendered as usual and nothing is stored.
 */
export async function respondWithEdgeCache(options: EdgeCacheRequest): Promise<Response> {
  const { request, kv, cache, nonce } = options;
  if (!cache) return options.render(nonce);

  let contentVersion: string;
  let assignments: AbAssignments;
  let visitor: Awaited<ReturnType<typeof visitorKey>>;
  try {
    const [version, ab, key] = await Promise.all([kv.get(CONTENT_VERSION_KV_KEY), readAbTestConfigWithSource(kv), visitorKey(request, options.visitorSecret)]);
    if (ab.source === "defaults-unreadable") return options.render(nonce);
    contentVersion = version ?? "0";
    visitor = key;
    assignments = assignAll(ab.config, key.key);
  } catch {
    return options.render(nonce);
  }
  const ab: PrecomputedAbAssignment = { assignments, setCookie: visitor.setCookie };
  const key = await cacheKeyFor(request, options.buildVersion, contentVersion, assignments);

  let stored: Response | undefined;
  try {
    stored = await cache.match(key);
  } catch (error) {
    logWarn("html_cache_match_failed", { error });
  }
  const entry = { key, ab, contentVersion };
  if (!stored) return renderAndStore(options, cache, entry, nonce);

  if (isFresh(stored)) return served(options, stored, nonce, visitor.setCookie, "HIT");
  // Stale: this visitor gets the stored page now; a fresh render replaces it for the next one.
  options.waitUntil(
    renderAndStore(options, cache, entry, options.createNonce())
      .then((response) => response.body?.cancel())
      .catch((error) => logWarn("html_cache_refresh_failed", { error })),
  );
  return served(options, stored, nonce, visitor.setCookie, "STALE");
}
