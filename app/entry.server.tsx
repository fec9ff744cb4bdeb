import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { logError } from "~/lib/log.server";
import { NonceContext } from "~/lib/nonce";

const ABORT_DELAY_MS = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) logError("render_failed", error, { path: new URL(request.url).pathname });
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout)).catch(() => clearTimeout(timeout));

  // Crawlers get the complete document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Remix's own 4xx answers (405 for a POST to a page without an action, 403 for a _data request
  // naming another route) arrive here too: a client's mistake, not an error to alert anyone about.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logError("server_error", error, { method: request.method, path: new URL(request.url).pathname });
};
