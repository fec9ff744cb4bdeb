// Throughput: how many requests per second the dev server's workerd answers for /home (returning
// visitors, served by the edge cache), for /home when every request misses the cache (a render
// each), and for a static file, measured side by side: short interleaved rounds with the same
// number of concurrent keep-alive connections, so machine-load drift hits every target alike.
import http from "node:http";
import { table } from "./report.mjs";
import { median } from "./stats.mjs";

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

function request(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { "User-Agent": BROWSER_UA, ...headers } }, (response) => {
      response.on("data", () => {});
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

/** Cookies of `count` visitors, each from a first visit to `path` (their A/B cookie). */
async function visitorCookies(agent, origin, path, count) {
  const cookies = [];
  for (let i = 0; i < count; i++) {
    const { headers } = await request(agent, new URL(path, origin), {});
    const cookie = [headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("lv_ab="));
    if (!cookie) throw new Error(`GET ${path} set no lv_ab cookie`);
    cookies.push(cookie.split(";")[0]);
  }
  return cookies;
}

/** Runs `concurrency` request loops against one target for `seconds`; returns requests/s and tallies. */
async function runRound(agent, origin, target, concurrency, seconds) {
  const deadline = performance.now() + seconds * 1000;
  let completed = 0;
  const statuses = {};
  const cacheStatuses = {};
  let sequence = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const n = sequence++;
        const { status, headers } = await request(agent, new URL(target.pathFor(n), origin), target.headersFor(n));
        completed++;
        statuses[status] = (statuses[status] ?? 0) + 1;
        const cache = headers["x-edge-cache"] ?? "none";
        cacheStatuses[cache] = (cacheStatuses[cache] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { rps: completed / elapsed, completed, statuses, cacheStatuses };
}

/**
 * Measures the targets in `rounds` interleaved rounds of `seconds` each (after one warm-up round
 * each). Returns { concurrency, rounds, seconds, targets: [{ label, path, rps: number[], statuses,
 * cacheStatuses }], ratios: { [label]: number[] } } where ratios compare each target with the first
 * (the static file) round by round.
 */
export async function measureThroughput({ origin, homePath, staticPath, concurrency = 8, rounds = 5, seconds = 3, progress }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const cookies = await visitorCookies(agent, origin, homePath, 50);
    const targets = [
      { label: `static file ${staticPath}`, path: staticPath, pathFor: () => staticPath, headersFor: () => ({}) },
      {
        label: `${homePath}, returning visitors (edge cache)`,
        path: homePath,
        pathFor: () => homePath,
        headersFor: (n) => ({ Cookie: cookies[n % cookies.length] }),
      },
      {
        label: `${homePath}, every request a cache miss (render)`,
        path: `${homePath}?utm_source=<unique>`,
        // A unique URL is a unique cache key: each request renders (and stores) the page.
        pathFor: (n) => `${homePath}?utm_source=bench-${Date.now()}-${n}`,
        headersFor: (n) => ({ Cookie: cookies[n % cookies.length] }),
      },
    ].map((target) => ({ ...target, rps: [], statuses: {}, cacheStatuses: {} }));

    for (const target of targets) await runRound(agent, origin, target, concurrency, 1);
    for (let round = 0; round < rounds; round++) {
      progress?.(`throughput round ${round + 1}/${rounds}`);
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(round + i) % targets.length];
        const result = await runRound(agent, origin, target, concurrency, seconds);
        target.rps.push(result.rps);
        for (const [k, v] of Object.entries(result.statuses)) target.statuses[k] = (target.statuses[k] ?? 0) + v;
        for (const [k, v] of Object.entries(result.cacheStatuses)) target.cacheStatuses[k] = (target.cacheStatuses[k] ?? 0) + v;
      }
    }
    const [staticTarget] = targets;
    const ratios = Object.fromEntries(targets.slice(1).map((t) => [t.label, t.rps.map((rps, i) => rps / staticTarget.rps[i])]));
    return { concurrency, rounds, seconds, targets, ratios };
  } finally {
    agent.destroy();
  }
}

export const medianRps = (target) => median(target.rps);

const tally = (counts) =>
  Object.entries(counts)
    .map(([key, n]) => `${key} ${n}`)
    .join(", ");

/** The throughput table and its footnote. */
export function throughputReport(result, note) {
  const { targets, ratios, concurrency, rounds, seconds } = result;
  const fixed = (value) => (Number.isFinite(value) ? value.toFixed(0) : "n/a");
  return [
    `Throughput through wrangler pages dev (workerd) ${note} · ${concurrency} concurrent keep-alive connections · ` +
      `${rounds} interleaved rounds of ${seconds} s per target · requests/s`,
    table(
      ["Target", "median", "min", "max", "÷ static (median of rounds)", "Statuses", "X-Edge-Cache"],
      targets.map((t, i) => [
        t.label,
        fixed(medianRps(t)),
        fixed(Math.min(...t.rps)),
        fixed(Math.max(...t.rps)),
        i === 0 ? "1.00" : median(ratios[t.label]).toFixed(2),
        tally(t.statuses),
        tally(t.cacheStatuses),
      ]),
      ["l", "r", "r", "r", "r", "l", "l"],
    ),
  ];
}

export function throughputFootnote(note) {
  return [
    `${note} Each round runs one target alone for its seconds with every connection looping GETs; ratios are taken`,
    "    per round (same minute, same machine load) and their median reported. Returning visitors are 50 cookies",
    "    from first visits, used round-robin: each gets the page of its own A/B assignment from the Cache API.",
    "    The static file comes from wrangler's asset server (its Node process), the pages from workerd: on",
    "    Cloudflare static files are served by the CDN, so the local ratio is a floor, not a forecast.",
    "    X-Edge-Cache is none under APP_ENV=production, which keeps the cache state to itself (ADR 0034).",
  ];
}
