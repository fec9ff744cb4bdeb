/**
 * The request pipeline in front of Remix: body-size limit, environment validation, a
 * per-request CSP nonce, security headers on every response, and a last-resort error page. The
 * analytics collector (POST /api/events) is answered here, without Remix.
 * functions/[[path]].ts and the integration tests both use it, so tests see production behaviour.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { analyticsClientConfig, analyticsCspAdditions } from "~/features/analytics/config.server";
import { COLLECTOR_PATH, handleCollectorRequest } from "~/features/analytics/collector.server";
import { countServedVariants } from "~/features/analytics/served-impressions.server";
import { IMPORT_FILE_TOO_LARGE_MESSAGE, IMPORT_MAX_FILE_BYTES } from "~/features/admin/import/import-file";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { MAX_REQUEST_BODY_BYTES } from "~/lib/constants";
import { assertSecretsFitHost, ConfigurationError, parseEnv, type CloudflareEnv } from "~/lib/env.server";
import { logError } from "~/lib/log.server";
import { turnstileClientConfig, turnstileCspAdditions } from "~/lib/turnstile.server";
import { BodyIncompleteError, BodyTooLargeError, readBodyWithinLimit } from "~/lib/request-body.server";
import { ADMIN_WRITE_HEADER } from "~/lib/admin-write";
import { applyBrowserCacheControl, bumpContentVersion, isAdminChange, isEdgeCacheable, respondWithEdgeCache, type PrecomputedAbAssignment } from "./edge-cache";
import { errorPage } from "./error-page";
import { applySecurityHeaders, type ThirdPartySources } from "./security-headers";

export interface PipelineContext {
  env: CloudflareEnv;
  waitUntil(promise: Promise<unknown>): void;
  cf?: unknown;
  /** The Workers Cache API (caches.default); without it nothing is edge-cached. */
  cache?: Cache;
}

/**
 * A state-changing request from another site (CSRF). Browsers send Origin on cross-origin POSTs
 * and Sec-Fetch-Site everywhere modern; either one naming another site is refused. Origins are
 * compared whole, scheme, host and port (ADR 0034): http://site is not https://site.
 */
function isCrossOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    try {
      if (new URL(origin).origin !== url.origin) return true;
    } catch {
      return true;
    }
  } else if (origin === "null") {
    return true;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}

/**
 * The paths this pipeline answers itself, before Remix, whatever the method (each handler answers
 * methods it does not take with 405). Tests enumerate them with Remix's routes (tests/support/routes.ts).
 */
const HANDLED_BEFORE_REMIX: Readonly<Record<string, (request: Request, context: AppLoadContext) => Promise<Response>>> = {
  // The collector needs nothing of Remix (no route data, no render), and at a launch it is most of
  // the traffic: answered here, a beacon skips Remix's router and handler (ADR 0037).
  [COLLECTOR_PATH]: handleCollectorRequest,
};
export const PATHS_HANDLED_BEFORE_REMIX: readonly string[] = Object.keys(HANDLED_BEFORE_REMIX);

/**
 * The paths whose forms carry a file, with their own body limit and the message past it; every other
 * body is limited to MAX_REQUEST_BODY_BYTES. The multipart framing around the file gets 64 KiB more.
 */
const FILE_UPLOADS: Readonly<Record<string, { limit: number; tooLarge: string }>> = {
  [ADMIN_PATHS.import]: { limit: IMPORT_MAX_FILE_BYTES + 64 * 1024, tooLarge: IMPORT_FILE_TOO_LARGE_MESSAGE },
};

/** The most a request to `pathname` may send. */
export function requestBodyLimit(pathname: string): number {
  return Object.hasOwn(FILE_UPLOADS, pathname) ? FILE_UPLOADS[pathname]!.limit : MAX_REQUEST_BODY_BYTES;
}

/** Pages are read with GET (and HEAD) and forms sent with POST; Remix would run an action for any other method. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * The origins of the configured analytics vendors and of Turnstile (ADR 0033); none when the
 * environment is invalid (the error page needs none).
 */
function thirdPartySources(env: PipelineContext["env"]): ThirdPartySources | undefined {
  try {
    const parsed = parseEnv(env);
    const analytics = analyticsCspAdditions(parsed);
    const turnstile = turnstileCspAdditions(parsed);
    return {
      scriptSrc: [...new Set([...analytics.scriptSrc, ...turnstile.scriptSrc])],
      connectSrc: analytics.connectSrc,
      frameSrc: turnstile.frameSrc,
    };
  } catch {
    return undefined;
  }
}

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function createRequestPipeline(build: ServerBuild) {
  const handleRemixRequest = createRequestHandler(build, build.mode);

  async function respond(request: Request, url: URL, context: PipelineContext, nonce: string): Promise<Response> {
    let bufferedRequest = request;
    if (!ALLOWED_METHODS.has(request.method)) {
      const refused = errorPage(405, "Method not allowed", "This site only answers GET and POST requests.");
      refused.headers.set("Allow", [...ALLOWED_METHODS].join(", "));
      return refused;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      if (isCrossOrigin(request, url)) {
        return errorPage(403, "Request refused", "Forms on this site can only be sent from this site.");
      }
      const upload = Object.hasOwn(FILE_UPLOADS, url.pathname) ? FILE_UPLOADS[url.pathname] : undefined;
      try {
        const body = await readBodyWithinLimit(request, requestBodyLimit(url.pathname));
        const headers = new Headers(request.headers);
        // Same origin was verified above; Remix's own CSRF check compares Origin with this host.
        headers.set("X-Forwarded-Host", url.host);
        bufferedRequest = new Request(request.url, { method: request.method, headers, body });
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          return errorPage(413, upload ? "File too large" : "Request too large", upload?.tooLarge ?? "That request was larger than this site accepts.");
        }
        if (error instanceof BodyIncompleteError) {
          return errorPage(400, "Request incomplete", "That request arrived incomplete. Please send it again.");
        }
        throw error;
      }
    }

    let env;
    try {
      env = parseEnv(context.env);
      assertSecretsFitHost(env, request.url);
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      logError("configuration_invalid", error);
      return errorPage(500, "Server configuration issue", "Server configuration issue. Please contact support.");
    }

    const loadContext = (cspNonce: string): AppLoadContext => ({ cloudflare: { env: context.env, ctx: { waitUntil: context.waitUntil }, cf: context.cf }, env, cspNonce });
    if (Object.hasOwn(HANDLED_BEFORE_REMIX, url.pathname)) return HANDLED_BEFORE_REMIX[url.pathname]!(bufferedRequest, loadContext(nonce));

    const render = (renderNonce: string, abAssignment?: PrecomputedAbAssignment, contentVersion?: string) =>
      handleRemixRequest(bufferedRequest, { ...loadContext(renderNonce), abAssignment, contentVersion });
    const page = isEdgeCacheable(request)
      ? await respondWithEdgeCache({
          request,
          kv: context.env.CONFIG,
          cache: context.cache,
          visitorSecret: env.IP_HASH_SECRET,
          // What the root loader hands the browser is part of the page: a change of it is a new version.
          buildVersion: `${build.assets.version} ${JSON.stringify(analyticsClientConfig(env))} ${JSON.stringify(turnstileClientConfig(env))}`,
          nonce,
          createNonce,
          waitUntil: context.waitUntil,
          render,
          exposeCacheState: env.APP_ENV !== "production",
        })
      : await render(nonce);
    // A page that shows A/B variants to a person is an impression the server counts (ADR 0047).
    return countServedVariants(bufferedRequest, page, loadContext(nonce));
  }

  return async function handle(request: Request, context: PipelineContext): Promise<Response> {
    const nonce = createNonce();
    // Parsed once: every step below reads the path, origin or scheme.
    const url = new URL(request.url);
    let response: Response;
    try {
      response = await respond(request, url, context, nonce);
      // Admin changes to reviews or settings show on the very next public request (ADR 0025).
      if (isAdminChange(response)) await bumpContentVersion(context.env.CONFIG);
    } catch (error) {
      logError("request_failed", error, { method: request.method, path: url.pathname });
      response = errorPage(500, "Something went wrong", "Something went wrong on our side. Please try again in a moment.");
    }
    // Responses from fetch() or the cache can carry immutable headers.
    response = new Response(response.body, response);
    // The admin guard's signal to this pipeline, never to the browser.
    response.headers.delete(ADMIN_WRITE_HEADER);
    applyBrowserCacheControl(response.headers);
    if (url.pathname.startsWith("/admin")) {
      // Nothing of the admin area is ever stored by a browser, proxy or edge cache, or indexed.
      response.headers.set("Cache-Control", "no-store");
      response.headers.set("X-Robots-Tag", "noindex, nofollow");
    }
    applySecurityHeaders(response.headers, {
      nonce,
      secure: url.protocol === "https:",
      thirdParties: thirdPartySources(context.env),
    });
    return response;
  };
}
