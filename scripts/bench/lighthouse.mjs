// Lighthouse runs against the local server: Lighthouse's default config (mobile form factor,
// simulated throttling), one fresh headless Chromium per run, driven through Lighthouse's Node
// API and chrome-launcher. Nothing here may reach beyond 127.0.0.1: the pages are local, and
// Chromium resolves no host name at all (see CHROME_FLAGS).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { get } from "./http.mjs";
import { median } from "./stats.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const METRICS = {
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  fcp: "first-contentful-paint",
};

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox", // runs as root in a container
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Belt and braces for "nothing leaves 127.0.0.1": every host name fails to resolve, so neither
  // the page nor Chromium itself can reach the internet. The pages are addressed by IP literal.
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
];

/** Audits whose result depends on serving from http://127.0.0.1 rather than production. */
export const LOCAL_ARTEFACTS = {
  "is-on-https": "served over plain http locally; production is HTTPS",
  "redirects-http": "no http→https redirect locally; Cloudflare does it in production",
  "has-hsts": "no HSTS over plain http",
  canonical: "canonical URLs name https://linkvault.app, not the local origin",
  "robots-txt": "robots.txt fetched from the local origin",
  "is-crawlable": "crawlability judged on the local origin",
  "modern-http-insight": "wrangler pages dev serves HTTP/1.1; Cloudflare serves HTTP/2 and HTTP/3",
  "uses-http2": "wrangler pages dev serves HTTP/1.1; Cloudflare serves HTTP/2 and HTTP/3",
  "uses-text-compression": "wrangler pages dev may not compress; Cloudflare does",
  "document-latency-insight": "local server: compression and redirects differ from production",
};

/** Chromium processes started here and not yet killed, for cleanup on SIGINT or a crash. */
const liveBrowsers = new Set();
/** chrome-launcher, once loaded: its killAll() also covers a launch that never became ready. */
let launcher = null;
process.on("exit", stopAllBrowsers);

function killBrowser(chrome) {
  liveBrowsers.delete(chrome);
  try {
    chrome.kill(); // SIGKILL to Chromium's whole process group (chrome-launcher starts it detached)
  } catch {
    // Already gone.
  }
}

/** Kills every Chromium still running (idempotent). */
export function stopAllBrowsers() {
  for (const chrome of [...liveBrowsers]) killBrowser(chrome);
  // Only the instances chrome-launcher started in this process, e.g. one whose DevTools port never
  // answered (launch() then throws and leaves it running).
  launcher?.killAll();
}

/**
 * Lighthouse and the chrome-launcher it depends on, loaded on demand (a second or so of module
 * loading `--only=js` does not need). chrome-launcher is resolved from Lighthouse's own location:
 * it is Lighthouse's dependency, at the version Lighthouse is tested with, not one of ours.
 */
async function loadLighthouse() {
  const require = createRequire(import.meta.url);
  const lighthousePackage = require.resolve("lighthouse/package.json");
  const chromeLauncherPath = createRequire(lighthousePackage).resolve("chrome-launcher");
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import("lighthouse"),
    import(pathToFileURL(chromeLauncherPath).href),
  ]);
  launcher = chromeLauncher;
  return { lighthouse, chromeLauncher, version: require(lighthousePackage).version };
}

/**
 * A blog post to audit: the first <loc> under /blog/ in /sitemap.xml, else the first post link on
 * /blog. Only the path is kept: the sitemap names the production origin. Returns null if none.
 */
export async function findBlogPost(origin) {
  const isPost = (path) => /^\/blog\/[^/?#]+$/.test(path);
  try {
    const sitemap = await get(new URL("/sitemap.xml", origin));
    if (sitemap.status === 200) {
      for (const [, loc] of sitemap.body.toString("utf8").matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
        const path = new URL(loc.replaceAll("&amp;", "&"), origin).pathname;
        if (isPost(path)) return path;
      }
    }
    const blog = await get(new URL("/blog", origin));
    if (blog.status === 200) {
      for (const [, href] of blog.body.toString("utf8").matchAll(/<a\b[^>]*\bhref="([^"]+)"/gi)) {
        const url = new URL(href.replaceAll("&amp;", "&"), origin);
        if (url.origin === new URL(origin).origin && isPost(url.pathname)) return url.pathname;
      }
    }
  } catch {
    // Fall through: no blog post found.
  }
  return null;
}

/** The parts of one Lighthouse result the report needs. */
function summarise(lhr, origin) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]));
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
  );
  const failed = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const errored = audit.scoreDisplayMode === "error";
      // Informative, manual and not-applicable audits carry no score (null): never "failed".
      if (!errored && !(typeof audit.score === "number" && audit.score < 1)) continue;
      // The back/forward cache audit says only "1 failure reason"; the reason is the useful part.
      const reasons = audit.id === "bf-cache" ? (audit.details?.items ?? []).map((item) => item.reason).filter(Boolean) : [];
      failed.push({
        category,
        id: audit.id,
        title: audit.title,
        weight: ref.weight,
        score: audit.score,
        value: errored
          ? `error: ${audit.errorMessage ?? "unknown"}`
          : [audit.displayValue, ...reasons].filter(Boolean).join(": "),
      });
    }
  }
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const offOrigin = requests
    .map((item) => item.url)
    .filter((url) => /^(?:https?|wss?):/i.test(url) && new URL(url).origin !== origin);
  return {
    scores,
    metrics,
    failed,
    offOrigin,
    requests: requests.length,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Runs Lighthouse `runs` times on each target ({ label, url }), in rounds: one run of every target per
 * round, so a stretch of noise on the machine falls on all of them alike. A failed run (Lighthouse
 * throws or reports a runtimeError, e.g. NO_NAVSTART) is recorded and retried at once, at most
 * `retries` times per target in all. Returns { version, pages: [{ path, runs: [summary], errors: [string] }] },
 * `path` being the target's label.
 */
export async function runLighthouse({ targets, runs, retries = 2, chromePath, profileDir, progress = () => {} }) {
  const { lighthouse, chromeLauncher, version } = await loadLighthouse();
  const pages = targets.map((target) => ({ path: target.label, url: target.url, runs: [], errors: [] }));
  // One plain GET each first, so the first measured run does not pay for a cold route in workerd.
  for (const page of pages) {
    try {
      await get(page.url);
    } catch {
      // Lighthouse will report the failure.
    }
  }
  let attempts = 0;
  const runOnce = async (page) => {
    const attempt = page.runs.length + page.errors.length + 1;
    const userDataDir = join(profileDir, `chromium-${++attempts}`);
    mkdirSync(userDataDir, { recursive: true });
    let chrome;
    try {
      chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: CHROME_FLAGS,
        userDataDir,
        handleSIGINT: false, // bench.mjs cleans up on SIGINT
        logLevel: "silent",
      });
      liveBrowsers.add(chrome);
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        // Only for the HTML report's element screenshots; affects no audit.
        disableFullPageScreenshot: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error("Lighthouse returned no result");
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      page.runs.push(summarise(lhr, new URL(page.url).origin));
      return true;
    } catch (error) {
      page.errors.push(`attempt ${attempt}: ${String(error?.message ?? error).split("\n")[0]}`);
      progress(`Lighthouse ${page.path}: ${page.errors.at(-1)}`);
      return false;
    } finally {
      if (chrome) killBrowser(chrome);
      else chromeLauncher.killAll();
    }
  };
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      progress(`Lighthouse round ${round}/${runs}: ${page.path}`);
      while (!(await runOnce(page)) && page.errors.length <= retries);
    }
  }
  return { version, pages };
}

/** Median per column over a page's successful runs (each column on its own). */
export function pageMedians(page) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      median(page.runs.map((r) => r.scores[id]).filter((s) => s !== null).map((s) => Math.round(s * 100))),
    ]),
  );
  const metrics = Object.fromEntries(Object.keys(METRICS).map((key) => [key, median(page.runs.map((r) => r.metrics[key]))]));
  return { scores, metrics };
}

/**
 * Audits below 1 (or errored) in at least one run, merged over runs:
 * [{ category, id, title, weight, failedRuns, values: [distinct display values] }].
 */
export function failedAudits(page) {
  const merged = new Map();
  for (const run of page.runs) {
    for (const f of run.failed) {
      const key = `${f.category} ${f.id}`;
      if (!merged.has(key)) merged.set(key, { ...f, failedRuns: 0, values: [] });
      const entry = merged.get(key);
      entry.failedRuns++;
      if (f.value && !entry.values.includes(f.value)) entry.values.push(f.value);
    }
  }
  const categoryOrder = (c) => CATEGORIES.indexOf(c);
  return [...merged.values()].sort(
    (a, b) => Number(b.weight > 0) - Number(a.weight > 0) || categoryOrder(a.category) - categoryOrder(b.category) || b.weight - a.weight,
  );
}
