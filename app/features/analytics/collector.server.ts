/**
 * The first-party analytics collector behind POST /api/events (ADR 0018): reads one batch within
 * the size limit, drops bots, validates against the event catalogue, rate-limits per client (batches
 * per minute and events per UTC day, in one call to the client's limiter object, ADR 0038), keeps
 * what the visitor's consent allows, and hands the batch to the analytics queue as one message
 * (ADR 0037): it answers without waiting for D1.
 * The request pipeline (app/server/pipeline.ts) calls it for COLLECTOR_PATH before Remix, after its
 * own checks: cross-origin posts never get here (403), nor bodies over the site's limit (413).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import { collectorBatchSchema, MAX_EVENTS_BODY_BYTES } from "~/features/analytics/catalogue";
import { batchFacts, beaconFrom, validEvents, visitorHash } from "~/features/analytics/collector-rules.server";
import { clientIp } from "~/lib/client-id.server";
import { checkClientLimits } from "~/lib/client-limiter.server";
import { logError, logWarn } from "~/lib/log.server";
import { formAnswer } from "~/lib/public-form.server";
import { BodyTooLargeError, readBodyWithinLimit } from "~/lib/request-body.server";
import { newBeaconId } from "./beacon.server";
import { recordBeacon } from "./record.server";

/** Where browsers send their batches; the request pipeline hands these requests here, before Remix. */
export const COLLECTOR_PATH = "/api/events";
/** The scope of the per-client daily events cap (issue 18). */
export const DAILY_EVENTS_SCOPE = "analytics-events-day";
/** sendBeacon sends a string as text/plain and a Blob with its own type; fetch may send either. */
const ACCEPTED_MEDIA_TYPES = new Set(["", "application/json", "text/plain"]);

const problem = (error: string, status: number, headers?: HeadersInit) => formAnswer({ error }, status, headers);

function methodNotAllowed(): Response {
  return formAnswer({ error: "Method not allowed: send event batches with POST." }, 405, { Allow: "POST" });
}

/** The body as text, or a reason it cannot be read. */
async function readBatchText(request: Request): Promise<string | "too_large" | "unreadable"> {
  try {
    const body = await readBodyWithinLimit(request, MAX_EVENTS_BODY_BYTES);
    return body ? new TextDecoder("utf-8", { fatal: true }).decode(body) : "";
  } catch (error) {
    return error instanceof BodyTooLargeError ? "too_large" : "unreadable";
  }
}

export async function handleCollectorRequest(request: Request, context: AppLoadContext): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();

  // Bots and clients without a user agent: acknowledged, nothing stored, nothing counted.
  const userAgent = request.headers.get("User-Agent")?.trim() ?? "";
  if (!userAgent || isbot(userAgent)) {
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }

  const mediaType = (request.headers.get("Content-Type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (!ACCEPTED_MEDIA_TYPES.has(mediaType)) return problem("Send the batch as JSON.", 415);

  const text = await readBatchText(request);
  if (text === "too_large") return problem(`The batch is larger than ${MAX_EVENTS_BODY_BYTES} bytes.`, 413);
  if (text === "unreadable") return problem("The body is not readable UTF-8 text.", 400);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem("The body is not valid JSON.", 400);
  }
  const parsed = collectorBatchSchema.safeParse(json);
  if (!parsed.success) return problem("The body is not a valid event batch.", 400);
  const batch = parsed.data;

  const { events, dropped, droppedNames } = validEvents(batch.events);
  if (dropped > 0) logWarn("analytics_events_dropped", { dropped, names: droppedNames.slice(0, 5) });
  if (events.length === 0) return formAnswer({ error: "No event in the batch is in the catalogue.", accepted: 0, dropped }, 400);

  const env = context.env;
  const limit = await checkClientLimits(request, context, [
    { scope: "analytics", max: env.ANALYTICS_RATE_LIMIT_MAX, windowSeconds: env.ANALYTICS_RATE_LIMIT_WINDOW_SECONDS },
    { scope: DAILY_EVENTS_SCOPE, max: env.ANALYTICS_EVENTS_PER_CLIENT_PER_DAY, windowSeconds: 86_400, cost: events.length },
  ]);
  if (limit.limited) {
    const message = limit.scope === DAILY_EVENTS_SCOPE ? "Too many events from this connection today; try again tomorrow." : "Too many event batches; try again later.";
    return problem(message, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const now = Date.now();
  const visitor =
    batch.consent === "analytics"
      ? await visitorHash(env.IP_HASH_SECRET, clientIp(request), userAgent, request.headers.get("Accept-Language") ?? "", new Date(now))
      : null;
  const facts = batchFacts(batch, new URL(request.url).hostname, visitor, now);
  const beacon = beaconFrom(events, facts, newBeaconId());

  try {
    await recordBeacon(context.cloudflare.env, beacon);
  } catch (error) {
    logError("analytics_store_failed", error, { events: beacon.events.length });
    return problem("Events cannot be stored right now.", 503, { "Retry-After": "60" });
  }
  return formAnswer({ accepted: beacon.events.length, dropped }, 202);
}
