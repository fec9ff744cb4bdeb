/**
 * A/B impressions the server counts itself (ADR 0047): when the site answers a browser's GET with a
 * page that shows variants (the landing loader marks it with SHOWN_VARIANTS_HEADER, and the edge
 * cache keeps the mark with the page), one `ab_test_served` event per running test goes through the
 * analytics queue like any beacon. The name is not in the event catalogue, so no browser can post
 * one; the browser's own `ab_test_impression` events are counted apart, as reported by browsers.
 *
 * As the spec's impressions, at most one per visitor per IMPRESSION_DEDUPE_MS; and at most
 * SERVED_IMPRESSIONS_PER_CLIENT_PER_DAY page views per client (address, /64 for IPv6) a day, so a
 * client reloading the page cannot outweigh everyone else. Both are checked in the client's limiter
 * object, after the answer: the visitor never waits for any of it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import { answeredVisitorKey, parseShownVariants, SHOWN_VARIANTS_HEADER } from "~/lib/ab-tests.server";
import { checkClientLimits, type LimitRule } from "~/lib/client-limiter.server";
import { IMPRESSION_DEDUPE_MS } from "~/lib/constants";
import { logError } from "~/lib/log.server";
import { serverAbBeacon } from "./beacon.server";
import { recordBeacon } from "./record.server";

/** The server's impression event: a page with this test's variant was served. */
export const SERVER_IMPRESSION_EVENT = "ab_test_served";
/** Landing page views one client may have counted as impressions per UTC day. */
export const SERVED_IMPRESSIONS_PER_CLIENT_PER_DAY = 1_000;
export const SERVED_IMPRESSIONS_DAY_SCOPE = "ab-served-day";

/** A speculative fetch (link prefetch, prerender) shows nothing to anyone yet. */
function isSpeculative(request: Request): boolean {
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""} ${request.headers.get("X-Purpose") ?? ""}`.toLowerCase();
  return /prefetch|prerender|preview/.test(purpose);
}

/** Whether this answer is a page a person is about to see: a browser's GET answered 200. */
function isSeenByAPerson(request: Request, response: Response): boolean {
  const userAgent = request.headers.get("User-Agent")?.trim() ?? "";
  return request.method === "GET" && response.status === 200 && userAgent !== "" && !isbot(userAgent) && !isSpeculative(request);
}

async function recordServed(request: Request, setCookies: string[], context: AppLoadContext, variants: Record<string, string>, now: number): Promise<void> {
  const rules: LimitRule[] = [{ scope: SERVED_IMPRESSIONS_DAY_SCOPE, max: SERVED_IMPRESSIONS_PER_CLIENT_PER_DAY, windowSeconds: 86_400 }];
  const visitor = await answeredVisitorKey(request, setCookies, context.env.IP_HASH_SECRET);
  if (visitor) rules.unshift({ scope: `ab-served:${visitor}`, max: 1, windowSeconds: IMPRESSION_DEDUPE_MS / 1000 });
  const limit = await checkClientLimits(request, context, rules);
  if (limit.limited) return;
  await recordBeacon(context.cloudflare.env, serverAbBeacon(SERVER_IMPRESSION_EVENT, variants, new URL(request.url).pathname, now));
}

/**
 * The answer without the loader's mark, and, when a person is about to see its variants, their
 * impressions recorded after the answer (a failure is logged, never shown).
 */
export function countServedVariants(request: Request, response: Response, context: AppLoadContext): Response {
  const mark = response.headers.get(SHOWN_VARIANTS_HEADER);
  if (mark === null) return response;
  const answer = new Response(response.body, response);
  answer.headers.delete(SHOWN_VARIANTS_HEADER);
  const variants = parseShownVariants(mark);
  if (variants && isSeenByAPerson(request, response)) {
    const setCookies = response.headers.getSetCookie();
    context.cloudflare.ctx.waitUntil(recordServed(request, setCookies, context, variants, Date.now()).catch((error) => logError("ab_impression_record_failed", error)));
  }
  return answer;
}
