// A static twin of a page for Lighthouse to hold ours against (issue 33): the same server-rendered
// HTML with every script taken out, as a static landing page would ship it. It is served from a
// second loopback origin; everything else the page asks for (CSS, images, fonts) is passed through
// to the dev server unchanged, so the two differ only by their JavaScript.
import http, { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { get } from "./http.mjs";

// Its own connections: the bench's shared agent sends one request at a time, which would queue the assets.
const passThroughAgent = new http.Agent({ keepAlive: true, maxSockets: 6 });

/** Executable scripts, module preloads and the inline Remix context go; JSON data blocks stay (they never run). */
export function withoutScripts(html) {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (whole, attrs) => (/\btype="application\/(?:ld\+)?json"/i.test(attrs) ? whole : ""))
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/**
 * The page's own headers, its security policies among them (Cross-Origin-Opener-Policy matters most:
 * it moves the navigation from Lighthouse's about:blank into a new renderer process, whose start
 * Lighthouse counts), less those that belong to its body, its connection or the visitor's cookies.
 */
function pageHeaders(headers) {
  const dropped = new Set(["content-length", "transfer-encoding", "connection", "keep-alive", "date", "set-cookie"]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name)));
}

/**
 * Serves `paths` of `origin` as static twins at the same paths on a new origin (127.0.0.1, a free
 * port). Resolves with { origin, stop }.
 */
export async function startStaticTwin(origin, paths) {
  const pages = new Map();
  for (const path of paths) {
    const page = await get(new URL(path, origin));
    if (page.status !== 200) throw new Error(`GET ${path} returned ${page.status}; no static twin`);
    pages.set(path, { body: gzipSync(withoutScripts(page.body.toString("utf8"))), headers: pageHeaders(page.headers) });
  }
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://twin").pathname;
    const page = pages.get(path);
    if (page) {
      // Compressed, as the dev server compresses our pages, and with their headers: they differ only by their scripts.
      response.writeHead(200, { ...page.headers, "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": page.body.length, "cache-control": "no-store" });
      response.end(page.body);
      return;
    }
    const headers = { "user-agent": request.headers["user-agent"] ?? "", "accept-encoding": request.headers["accept-encoding"] ?? "" };
    const passed = http.get(new URL(request.url ?? "/", origin), { agent: passThroughAgent, headers }, (upstream) => {
      response.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(response);
    });
    passed.on("error", () => response.writeHead(502).end());
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const stop = () => {
    passThroughAgent.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
  return { origin: `http://127.0.0.1:${port}`, stop };
}
