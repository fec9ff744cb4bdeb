// The JavaScript a first visit to a route downloads, found the way the browser finds it: from the
// server-rendered HTML (<script src>, <link rel="modulepreload">, imports in inline module scripts and the
// /build/ modules they name (an island page's preload list),
// the entry and matched routes of the inline window.__remixManifest), then the static imports of
// every file fetched, transitively. Dynamic import() inside those files is not followed: Remix
// loads other routes' modules only on navigation or link intent, not on the first visit.
import { gzipSync } from "node:zlib";
import { get } from "./http.mjs";

// Static import/re-export specifiers as esbuild emits them, minified or not:
//   import{a as b}from"/build/x.js"  import"/build/x.js"  export*from"./x.js"  import * as r from "/x.js"
// `import(` does not match (no quote right after "import" and no "from").
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\n]+)["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g;
const BUILD_MODULE_URL = /["'](\/build\/[^"'\s]+\.js)["']/g;
// Only specifiers that look like module URLs; guards the regexes above against odd matches in
// string literals ("… import your links from …").
const MODULE_SPECIFIER = /^(?:\/|\.{1,2}\/|https?:\/\/)[^\s"'`]*\.m?js(?:\?[^\s"'`]*)?$/;
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

function attributes(source) {
  const result = {};
  for (const [, name, dq, sq, bare] of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    result[name.toLowerCase()] = (dq ?? sq ?? bare ?? "").replaceAll("&amp;", "&");
  }
  return result;
}

function moduleSpecifiers(code, pattern) {
  return [...code.matchAll(pattern)].map((m) => m[1]).filter((s) => MODULE_SPECIFIER.test(s));
}

/** The object literal assigned after `marker` (JSON, as Remix serialises it), or null. */
function jsonAfter(text, marker) {
  const at = text.indexOf(marker);
  if (at === -1) return null;
  const start = text.indexOf("{", at + marker.length);
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return JSON.parse(text.slice(start, i + 1));
  }
  return null;
}

/** Module URLs the inline Remix manifest says this page needs: the entry and the matched routes. */
function remixManifestModules(code) {
  const manifest = jsonAfter(code, "window.__remixManifest");
  if (!manifest) return [];
  const urls = [manifest.entry?.module, ...(manifest.entry?.imports ?? [])];
  // `window.__remixRouteModules = {"root":route0,"routes/home":route1}` names the matched routes;
  // the manifest itself may list more (lazy route discovery adds e.g. the index route).
  const assignment = code.slice(code.indexOf("window.__remixRouteModules")).split(";")[0];
  for (const [, id] of assignment.matchAll(/"([^"]+)"\s*:\s*route\d+/g)) {
    const route = manifest.routes?.[id];
    if (route) urls.push(route.module, ...(route.imports ?? []));
  }
  return urls.filter(Boolean);
}

/**
 * Fetches `path` from `origin` and every JavaScript file a first visit to it downloads.
 * Returns { path, files: [{ url, bytes, gzipBytes }], bytes, gzipBytes, inlineScripts, htmlGzipBytes }
 * (the page itself, which carries the language's messages as loader data).
 */
export async function measureFirstVisitJs(origin, path) {
  const pageUrl = new URL(path, origin);
  const page = await get(pageUrl);
  if (page.status !== 200) throw new Error(`GET ${path} returned ${page.status}, expected 200`);
  const html = page.body.toString("utf8");

  const pending = new Map(); // absolute URL -> the URL (or "HTML") that referenced it
  const skipped = [];
  const add = (specifier, base, from) => {
    const url = new URL(specifier, base);
    if (url.origin !== pageUrl.origin) skipped.push(url.href);
    else if (!pending.has(url.href)) pending.set(url.href, from);
  };

  let inlineScripts = 0;
  for (const [, attrSource, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(attrSource);
    if (attrs.src !== undefined) {
      add(attrs.src, pageUrl, "HTML");
      continue;
    }
    // JSON and JSON-LD data blocks are not scripts the browser runs.
    if (!EXECUTABLE_TYPES.has((attrs.type ?? "").toLowerCase())) continue;
    inlineScripts++;
    if (attrs.type === "module") {
      // A top-level import() in the inline bootstrap (Remix's entry.client) runs on load.
      for (const s of moduleSpecifiers(code, STATIC_IMPORT)) add(s, pageUrl, "HTML");
      for (const s of moduleSpecifiers(code, DYNAMIC_IMPORT)) add(s, pageUrl, "HTML");
      // An island page's loader names the modules it preloads, its page island's included, in a list.
      for (const s of moduleSpecifiers(code, BUILD_MODULE_URL)) add(s, pageUrl, "HTML");
    }
    for (const s of remixManifestModules(code)) add(s, pageUrl, "HTML");
  }
  for (const [, attrSource] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(attrSource);
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("modulepreload") && attrs.href) add(attrs.href, pageUrl, "HTML");
  }

  const files = [];
  const done = new Set();
  for (let next = [...pending.keys()]; next.length; next = [...pending.keys()].filter((u) => !done.has(u))) {
    for (const url of next) {
      done.add(url);
      const response = await get(url);
      if (response.status !== 200) {
        throw new Error(
          `GET ${new URL(url).pathname} (referenced by ${pending.get(url)}) returned ${response.status}: ` +
            "are build/ and public/build/ from the same build? (npm run build)",
        );
      }
      const body = response.body;
      files.push({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
      for (const s of moduleSpecifiers(body.toString("utf8"), STATIC_IMPORT)) add(s, url, url);
    }
  }

  files.sort((a, b) => a.url.localeCompare(b.url));
  return {
    path,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    inlineScripts,
    htmlGzipBytes: gzipSync(page.body, { level: 9 }).length,
    skipped: [...new Set(skipped)],
  };
}
