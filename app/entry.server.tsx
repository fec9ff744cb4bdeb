import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { ServerOnlyProvider } from "~/components/islands";
import { CLIENT_RENDERED_BOUNDARY, createHtmlCache } from "~/components/islands/html-cache.server";
import { SERVER_ONLY } from "~/components/islands/registry.server";
import { logError } from "~/lib/log.server";
import { NonceContext } from "~/hooks/useNonce";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { splitLanguage } from "~/lib/i18n/languages";
import { ServerI18nContext } from "~/lib/i18n/react";

/**
 * Sections rendered once per isolate and reused (ADR 0035); lives as long as the isolate. Exported
 * for the tests, which read what it reused through the build's entry module.
 */
export const htmlCache = createHtmlCache(SERVER_ONLY);

/**
 * The document, rendered to one string (ADR 0027). No route defers data, so streaming would send
 * the same bytes in the same order; it would also encode every small chunk separately, which
 * cost a quarter of the render's CPU inside workerd.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext
) {
  const nonce = loadContext.cspNonce;
  const { pathname } = new URL(request.url);
  const pageCache = htmlCache.forRequest(pathname);
  const html = renderToString(
    // The server renders with the language's whole catalogue; the browser gets what the page's loaders send (ADR 0057).
    <ServerI18nContext.Provider value={i18nFor(splitLanguage(pathname).lang)}>
      <NonceContext.Provider value={nonce}>
        {/* What only the server renders: static islands, inline head scripts (ADR 0030),
          and the cache of sections rendered once per isolate (ADR 0035). */}
        <ServerOnlyProvider value={{ ...SERVER_ONLY, html: pageCache.cachedHtml }}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </ServerOnlyProvider>
      </NonceContext.Provider>
    </ServerI18nContext.Provider>
  );
  // renderToString swallows an error inside a Suspense boundary and leaves that part to the browser.
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // The page still works (the browser renders that part), but it is not what we meant to serve:
    // say so, and keep it out of every cache.
    logError("render_failed", new Error("a page section failed to render on the server"), { path: pathname });
    responseStatusCode = 500;
  }
  // Sections of well-rendered pages only: a 404 per unknown address would crowd out the real pages.
  const page = pageCache.finish(html, { keepNew: responseStatusCode === 200 });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control") || responseStatusCode >= 500) responseHeaders.set("Cache-Control", "no-store");
  return new Response(`<!DOCTYPE html>${page}`, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Remix's own 4xx answers (405 for a POST to a page without an action, 403 for a stray _data) arrive
  // here too: a client's mistake, not an error to alert anyone about.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logError("server_error", error, { method: request.method, path: new URL(request.url).pathname });
};
