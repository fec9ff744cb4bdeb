#!/usr/bin/env node
// `npm run bench`: first-visit JavaScript per public route, the server render time of /home (edge
// cache miss and hit), its throughput against a static file, Lighthouse mobile scores of a few
// pages and a sign-up load test, measured against the production build served by the dev server
// `npm start` runs (wrangler pages dev with the companion Worker, scripts/lib/dev-server.mjs) with
// production's variables and a fresh, migrated and seeded local D1; the analytics page's queries
// over a million events in a local D1 of their own; sign-up to confirmation and a 10,000-recipient
// announcement on dev servers of their own with the Resend stand-in; and the D1 statements
// production pays, counted in workerd by the integration tests. Prints tables to stdout; progress
// goes to stderr. Helpers live in scripts/bench/.
// `npm run bench -- --only=js,render,throughput,lighthouse,load,analytics,email,statements,announcement`
// runs some sections only (default: all); `-- --save` also writes docs/benchmarks.md.
import { createRequire } from "node:module";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyticsReport, analyticsSummaryRows, measureAnalyticsQueries } from "./bench/analytics-queries.mjs";
import { measureAnnouncement } from "./bench/email-announcement.mjs";
import { measureTestersPages } from "./bench/testers-page.mjs";
import { measureSignUpToConfirmation } from "./bench/email-signup.mjs";
import { BUDGETS, jsBudgetLines } from "./bench/budgets.mjs";
import { parseSections, SERVER_SECTIONS, USAGE } from "./bench/cli.mjs";
import { measureFirstVisitJs } from "./bench/first-visit-js.mjs";
import { closeConnections } from "./bench/http.mjs";
import { loadReport, loadSummaryRows, measureLoad, waitlistRowCounter } from "./bench/load.mjs";
import { cpuBusy, machineDescription } from "./bench/machine.mjs";
import { findBlogPost, runLighthouse, stopAllBrowsers } from "./bench/lighthouse.mjs";
import { lighthouseFootnote, lighthouseReport } from "./bench/lighthouse-report.mjs";
import { startStaticTwin } from "./bench/static-twin.mjs";
import { kb, ms, table } from "./bench/report.mjs";
import { logTail, productionVars, startBenchServer, stopAllServers } from "./bench/server.mjs";
import { measureStatements, statementsReport } from "./bench/statements.mjs";
import { median, percentile } from "./bench/stats.mjs";
import { summaryRows, summaryTable } from "./bench/summary.mjs";
import { measureThroughput, throughputFootnote, throughputReport } from "./bench/throughput.mjs";
import { sampleTargets } from "./bench/timing.mjs";
import { createWorkerdCpuMeter, workerdPids } from "./bench/workerd-cpu.mjs";
import { run } from "./lib/run.mjs";

/** The site's language prefixes (app/lib/i18n/languages.ts): English has none. */
const LANGUAGE_PREFIXES = ["", "/de", "/fr", "/es", "/pt-br", "/ja"];
/** Public routes whose first-visit JavaScript is measured, in every language (issue 32: ≤ 3 KB more in any). */
const PUBLIC_ROUTES = ["/home", "/waitlist"].flatMap((path) => LANGUAGE_PREFIXES.map((prefix) => `${prefix}${path}`));
/** The page whose server render time is measured. */
const RENDER_PATH = "/home";
/** A unique URL per request is a unique edge-cache key: every request renders the page. */
const renderMissPath = (n) => `${RENDER_PATH}?utm_source=bench-render-${n}`;
/**
 * Baseline: the cheapest request the Function serves, a GET on an action-only resource route
 * (the email webhook's 405). It crosses the same local HTTP path, wrangler's proxy worker, the Pages router, our
 * request pipeline and Remix's request handler as a page, but loads and renders nothing, so
 * subtracting it leaves the page's loader, render and streaming.
 */
const BASELINE_PATH = "/api/email/webhook";
/**
 * Shown for scale only: a static file. It is no baseline here: public/_routes.json sends it to the
 * ASSETS binding, which wrangler serves from its Node process over a loopback round trip, a slower
 * path than the Function's.
 */
const STATIC_PATH = "/favicon.svg";
const WARMUP_ROUNDS = 30;
const SAMPLE_ROUNDS = 300;
/** Pages Lighthouse audits; BLOG_POST stands for the first post in /sitemap.xml. */
const BLOG_POST = Symbol("first blog post");
const LIGHTHOUSE_PAGES = ["/home", "/blog", "/de/home", BLOG_POST, "/link-sanitization"];
/** Audited again as static twins (the same HTML without its scripts), side by side in the same rounds (issue 33). */
const STATIC_TWIN_PAGES = ["/home", "/blog"];
const LIGHTHOUSE_RUNS = 5;

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const onlyGiven = process.argv.slice(2).some((arg) => arg.startsWith("--only="));
let sections;
try {
  sections = parseSections(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}\n${USAGE}`);
  process.exit(2);
}

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
process.env.WRANGLER_SEND_METRICS = "false";
const progress = (message) => console.error(`bench: ${message}`);
const WRANGLER_VERSION = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("wrangler/package.json"), "utf8")).version;

const startedAt = Date.now();
mkdirSync(join("tests", ".tmp"), { recursive: true });
/** Everything the run writes (the servers' state, Lighthouse profiles, the counts): removed at the end. */
const workDir = mkdtempSync(join("tests", ".tmp", "bench-"));
/** wrangler's output, of every server the run starts. */
const logFile = join(workDir, "wrangler.log");

async function cleanup() {
  stopAllBrowsers();
  await stopAllServers();
  closeConnections();
  rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

async function main() {
  // The sections but the analytics queries serve or test the site's build: this code's, made now if it is stale.
  if ([...sections].some((section) => section !== "analytics")) {
    const build = await run("node", ["scripts/build.mjs", "--if-changed"], { quiet: true });
    progress(build.includes("Build: up to date") ? "build: up to date" : "build: done");
  }
  // Checked before anything starts: Lighthouse needs a Chromium. Asked for by name it is an
  // error; in a plain `npm run bench` the section is skipped with a note.
  let chromePath = null;
  let skippedNote = null;
  if (sections.has("lighthouse")) {
    const { findChromium, CHROMIUM_MISSING_MESSAGE } = await import("./lib/chromium.mjs");
    // The browser a visitor runs, as the figures before measured it, not the headless shell.
    chromePath = findChromium({ headless: false });
    if (!chromePath && onlyGiven) throw new Error(`Lighthouse needs Chromium. ${CHROMIUM_MISSING_MESSAGE}`);
    if (!chromePath) {
      sections.delete("lighthouse");
      skippedNote = `NOTE: Lighthouse skipped: no Chromium found.\n${CHROMIUM_MISSING_MESSAGE}`;
      progress(skippedNote);
    }
  }

  const report = { sections, skippedNote };
  if (SERVER_SECTIONS.some((section) => sections.has(section))) await measureServed(report, chromePath);
  if (sections.has("analytics")) report.analytics = await measureAnalyticsQueries({ stateDir: join(workDir, "analytics"), progress });
  if (sections.has("email")) {
    progress("email: 50 concurrent sign-ups × 3 rounds through a dev server of its own and the Resend stand-in (2 requests/s)");
    report.email = await measureSignUpToConfirmation({ workDir, logFile });
  }
  if (sections.has("statements")) {
    progress("statements: running the integration tests that count D1 statements, in workerd");
    report.statements = await measureStatements({ workDir });
  }
  if (sections.has("announcement")) {
    progress("announcement: a dev server of its own, 12,000 people on the list, the Resend stand-in at 2 requests/s");
    report.announcement = await measureAnnouncement({ workDir, logFile, progress });
  }
  if (sections.has("testers")) {
    progress("testers: a dev server of its own, 50,000 people on the list, the owner signed in");
    report.testers = await measureTestersPages({ workDir, logFile, progress });
  }

  printReport(report);
  progress(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
}

/** The sections measured against one production-like dev server (SERVER_SECTIONS). */
async function measureServed(report, chromePath) {
  const { sections } = report;
  progress("migrating and seeding a fresh local D1, starting the dev server with production's variables");
  const server = await startBenchServer({
    workDir,
    name: "site",
    logFile,
    // The load section sends thousands of sign-ups (each "client" has its own address anyway).
    vars: productionVars({ WAITLIST_RATE_LIMIT_MAX: "100000" }),
  });
  progress(`serving on ${server.origin}`);

  if (sections.has("js")) {
    progress(`first-visit JavaScript of ${PUBLIC_ROUTES.join(", ")}`);
    report.sizes = [];
    for (const path of PUBLIC_ROUTES) report.sizes.push(await measureFirstVisitJs(server.origin, path));
  }
  if (sections.has("render")) Object.assign(report, await measureRender(server));
  if (sections.has("throughput")) {
    progress("throughput of /home (edge cache, cache misses) against a static file");
    report.throughput = await measureThroughput({ origin: server.origin, homePath: RENDER_PATH, staticPath: STATIC_PATH, progress });
  }
  if (sections.has("lighthouse")) {
    const targets = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const path = page === BLOG_POST ? await findBlogPost(server.origin) : page;
      if (path) targets.push({ label: path, url: new URL(path, server.origin).href });
      else progress("no blog post found in /sitemap.xml or on /blog; Lighthouse skips it");
    }
    const twin = await startStaticTwin(server.origin, STATIC_TWIN_PAGES);
    for (const path of STATIC_TWIN_PAGES) targets.push({ label: `${path} (static)`, url: new URL(path, twin.origin).href });
    try {
      // Our server is idle now: whatever keeps the CPUs busy is other work, which inflates TBT.
      report.lighthouseBusy = await cpuBusy(1000);
      report.lighthouse = await runLighthouse({ targets, runs: LIGHTHOUSE_RUNS, retries: LIGHTHOUSE_RUNS, chromePath, profileDir: workDir, progress });
    } finally {
      await twin.stop();
    }
  }
  if (sections.has("load")) {
    report.load = await measureLoad({ origin: server.origin, countWaitlistRows: waitlistRowCounter(server), progress });
  }

  await server.stop();
}

/** The /home render timing (section "render"). */
async function measureRender(server) {
  const cpuMeter = createWorkerdCpuMeter(server.child.pid);
  const workerdAtStart = cpuMeter?.pids.join(",");
  const load = loadavg()[0];
  progress(`timing ${RENDER_PATH}: ${WARMUP_ROUNDS} warm-up + ${SAMPLE_ROUNDS} measured rounds`);
  const [render, cached, baseline, staticFile] = await sampleTargets({
    origin: server.origin,
    targets: [
      { path: `${RENDER_PATH}?utm_source=<unique>`, pathFor: renderMissPath },
      { path: RENDER_PATH },
      { path: BASELINE_PATH },
      { path: STATIC_PATH },
    ],
    warmup: WARMUP_ROUNDS,
    samples: SAMPLE_ROUNDS,
    cpuMeter,
  });
  const restarted = cpuMeter && (cpuMeter.restarts > 0 || workerdPids(server.child.pid).join(",") !== workerdAtStart);
  if (render.status !== 200) throw new Error(`GET ${RENDER_PATH} returned ${render.status}, expected 200`);
  if (baseline.status >= 500) throw new Error(`GET ${BASELINE_PATH} returned ${baseline.status}; pick another baseline`);
  return { render, cached, baseline, staticFile, cpuMeter, restarted, renderLoad: load };
}

function printReport(report) {
  const { sections } = report;
  const served = SERVER_SECTIONS.some((section) => sections.has(section));
  const out = [
    `linkvault bench · ${new Date().toISOString()} · Node ${process.version} · ${cpus().length} CPUs · ` +
      `wrangler ${WRANGLER_VERSION} · ${served ? "dev server (wrangler pages dev, workerd), APP_ENV=production · " : ""}sections: ${[...sections].join(", ")}`,
    "",
  ];
  if (sections.has("js")) {
    out.push(
      "First-visit JavaScript (1)",
      table(
        ["Route", "JS files", "JS raw KB", "JS gzip KB", "Inline scripts", "HTML gzip KB"],
        report.sizes.map((s) => [s.path, s.files.length, kb(s.bytes), kb(s.gzipBytes), s.inlineScripts, kb(s.htmlGzipBytes)]),
        ["l", "r", "r", "r", "r", "r"],
      ),
      ...jsBudgetLines(report.sizes),
      "",
    );
  }
  if (sections.has("render")) out.push(...renderSection(report), "");
  if (sections.has("throughput")) out.push(...throughputReport(report.throughput, "(5)"), "");
  if (sections.has("lighthouse")) {
    out.push(
      ...lighthouseReport(report.lighthouse, {
        runs: LIGHTHOUSE_RUNS,
        note: "(3)",
        busy: report.lighthouseBusy,
        cpuCount: cpus().length,
      }),
      "",
    );
  }

  if (sections.has("load")) out.push(...loadReport(report.load, { note: "(6)" }).section, "");
  if (sections.has("analytics")) out.push(...analyticsReport(report.analytics).section, "");
  if (sections.has("email")) out.push(...emailSection(report.email), "");
  if (sections.has("statements")) out.push(...statementsReport(report.statements).section, "");
  if (sections.has("announcement")) out.push(...announcementSection(report.announcement), "");
  if (sections.has("testers")) out.push(...testersSection(report.testers), "");

  if (sections.has("js")) {
    out.push(
      "(1) Files named by <script src>, <link rel=modulepreload>, imports in inline module scripts, and the entry",
      "    and matched routes of the inline window.__remixManifest, plus their static imports, transitively;",
      "    fetched from the local server, each gzipped on its own at level 9; KB = 1024 bytes. Inline scripts:",
      "    executable inline <script> elements of the HTML.",
    );
  }
  if (sections.has("render")) out.push(...renderFootnote(report));
  if (sections.has("throughput")) out.push(...throughputFootnote("(5)"));
  if (sections.has("lighthouse")) out.push(...lighthouseFootnote("(3)", LIGHTHOUSE_RUNS));
  if (sections.has("load")) out.push(...loadReport(report.load, { note: "(6)" }).footnote);
  if (sections.has("analytics")) out.push(...analyticsReport(report.analytics).footnote);
  if (sections.has("statements")) out.push(...statementsReport(report.statements).footnote);
  if (report.skippedNote) out.push(report.skippedNote);

  out.push("", "Summary: every figure against its goal (issue 7)", summaryTable(summaryRows(report, { jsPath: BUDGETS.jsPath, extraRows: [
          ...(report.load ? loadSummaryRows(report.load) : []),
          ...(report.analytics ? analyticsSummaryRows(report.analytics) : []),
          ...(report.statements ? statementsReport(report.statements).rows : []),
        ], })));
  const text = out.join("\n");
  console.log(text);
  if (process.argv.includes("--save")) saveReport(text);
}

function emailSection(latency) {
  return [
    `Email (issue 16) · sign-up to confirmation under ${latency.concurrency} concurrent sign-ups, ${latency.rounds} rounds, dev server`,
    table(
      ["", "value"],
      [
        ["Sign-up sent → confirmation at the provider stand-in, median", ms(latency.p50)],
        ["Sign-up sent → confirmation at the provider stand-in, p99 (nearest rank)", ms(latency.p99)],
        [`Confirmations delivered / sign-ups`, `${latency.samples.length} / ${latency.rounds * latency.concurrency}`],
      ],
      ["l", "r"],
    ),
    "    The stand-in enforces Resend's default 2 requests/s; the sender sends batches of up to 100 through",
    "    /emails/batch, woken by the site's queue nudge (no cron: the fast path alone). The D1 statements of a",
    "    sign-up and of its confirmation's delivery: the statements section.",
  ];
}

function announcementSection(run) {
  const n = (value) => value.toLocaleString("en");
  return [
    `Announcement (issue 17) · ${n(run.recipients)} recipients through the dev server and the Resend stand-in at 2 requests/s`,
    table(
      ["", "value"],
      [
        ["Recipients who got exactly one message", `${n(run.exactlyOnce)} / ${n(run.recipients)}`],
        [`Recipients with more than one; people outside the segment (${n(run.others)}) who got one`, `${run.duplicates}; ${run.strays}`],
        ["Post of the announcement (queues every outbox row), one request", `${ms(run.postMs)} ms`],
        ["Post → last message at the stand-in", `${(run.finishMs / 1000).toFixed(1)} s`],
        ["Provider requests accepted / refused with 429", `${run.requests} / ${run.rateLimited}`],
        [`Announcements page load, idle: median (p99), ${run.idle.n} loads`, `${ms(run.idle.p50)} ms (${ms(run.idle.p99)})`],
        [`Announcements page load, while it goes out: median (p99), ${run.during.n} loads`, `${ms(run.during.p50)} ms (${ms(run.during.p99)})`],
        ["Page load while it goes out ÷ idle (medians)", `${(run.during.p50 / run.idle.p50).toFixed(2)}×`],
      ],
      ["l", "r"],
    ),
    "    The owner's real form post (signed in) creates the campaign and writes its outbox rows 500 at a time;",
    "    the companion Worker, woken by the queue, sends batches of 100 through /emails/batch, paced at",
    "    EMAIL_SEND_RATE_PER_SECOND=2 to match the stand-in's limit, run after run within one queue message.",
    "    Page loads are sequential GETs of /admin/announcements with the owner's session. The D1 statements",
    "    per recipient: the statements section.",
  ];
}

function testersSection(run) {
  const worst = Math.max(...run.rows.map((row) => row.p50));
  return [
    `Beta testers table and person page (issue 31) · ${run.entries.toLocaleString("en")} entries, signed in, sequential loads · ms`,
    table(
      ["Page", "median", "p99", "loads"],
      run.rows.map((row) => [`${row.label}: ${row.path}`, ms(row.p50), ms(row.p99), row.n]),
      ["l", "r", "r", "r"],
    ),
    `Goals (informational)`,
    `  ${worst < 200 ? "PASS" : "FAIL"}  every page under 200 ms (median; the slowest is ${ms(worst)} ms)`,
    "    Wall time from the GET to the last byte through the dev server (wrangler pages dev, workerd, local D1),",
    "    the session checked and the whole page rendered. The place in line is the status pages' own order",
    "    (lineOrderSql), read through its index at the default boost (ADR 0056).",
  ];
}

/** Where the hand-written history of docs/benchmarks.md starts; --save keeps it and everything after. */
const HISTORY_HEADING = "## History";

/**
 * docs/benchmarks.md: the latest report with its date, machine and platform, then the history
 * already in the file, unchanged.
 */
function saveReport(text) {
  const path = "docs/benchmarks.md";
  const previous = existsSync(path) ? readFileSync(path, "utf8") : "";
  const historyAt = previous.indexOf(`\n${HISTORY_HEADING}\n`);
  const date = new Date().toISOString();
  writeFileSync(
    path,
    [
      "# Benchmarks",
      "",
      "`npm run bench -- --save` writes the latest report below and keeps the history after it. Goals are",
      "those of issue 7; the detailed tables explain each figure and the footnotes how it is measured.",
      "Figures are medians; ratios are measured side by side in the same run. The machine is shared and",
      "noisy: compare runs on one machine, not across machines.",
      "",
      `## Latest report: ${date.slice(0, 10)}, Node ${process.versions.node}, wrangler ${WRANGLER_VERSION}`,
      "",
      `- Date: ${date}`,
      `- Machine: ${machineDescription()}`,
      `- Platform: the dev server \`npm start\` runs (wrangler ${WRANGLER_VERSION} \`pages dev\` with the companion Worker, one workerd),`,
      "  the D1 statements counted in workerd by the integration tests (@cloudflare/vitest-plugin)",
      "",
      "```text",
      text,
      "```",
      "",
      ...(historyAt === -1 ? [] : [previous.slice(historyAt + 1).trimEnd(), ""]),
    ].join("\n"),
  );
  progress(`report written to ${path}`);
}

/** The render-time table (section "render"). */
function renderSection({ render, cached, baseline, staticFile, cpuMeter }) {
  const out = [];

  const stats = (values, minus) => [ms(median(values) - minus), ms(percentile(values, 99) - minus)];
  const row = (label, result, cpuMinus = 0, wallMinus = 0) => [
    label,
    ...(cpuMeter ? stats(result.cpuMs, cpuMinus) : ["n/a", "n/a"]),
    ...stats(result.wallMs, wallMinus),
  ];
  out.push(
    `Server render time of ${RENDER_PATH} (2) · ${SAMPLE_ROUNDS} sequential requests per row after ` +
      `${WARMUP_ROUNDS} warm-up, interleaved · ms`,
    table(
      ["", "CPU median", "CPU p99", "wall median", "wall p99"],
      [
        row(`Render: ${RENDER_PATH} (cache miss) minus baseline median`, render, median(baseline.cpuMs), median(baseline.wallMs)),
        row(`Edge-cache hit: ${RENDER_PATH} minus baseline median`, cached, median(baseline.cpuMs), median(baseline.wallMs)),
        row(`Raw request: GET ${render.path} → ${render.status}`, render),
        row(`Raw request: GET ${RENDER_PATH} → ${cached.status} (new visitor, edge cache)`, cached),
        row(`Baseline: GET ${BASELINE_PATH} → ${baseline.status} (Function, no render)`, baseline),
        row(`For scale: GET ${STATIC_PATH} → ${staticFile.status} (static, via wrangler's Node)`, staticFile),
      ],
      ["l", "r", "r", "r", "r"],
    ),
  );
  return out;
}

/** Footnote (2) and the render section's warnings. */
function renderFootnote({ cpuMeter, restarted, renderLoad: load }) {
  const out = [
    "(2) workerd's Date.now()/performance.now() cannot time this: on Cloudflare they stand still between I/O,",
    "    and this local workerd advances them in whole milliseconds only. So each request is measured from",
    "    outside the worker:",
    "    CPU  = on-CPU time of all threads of the workerd processes wrangler runs (kernel per-thread",
    "           accounting, /proc/<pid>/task/*/schedstat, ns resolution), from the request's start to the",
    "           next request's start: the Function, Remix, React, local D1/SQLite, wrangler's proxy worker",
    "           and HTTP. Far less disturbed than wall time by other processes (not immune: shared caches).",
    "    wall = Node hrtime from sending the GET to the last body byte, one keep-alive connection to",
    "           127.0.0.1; includes scheduling delays on the shared CPUs.",
    `    Render = each ${RENDER_PATH} sample minus the baseline's median (same run, interleaved), which removes`,
    "    the fixed cost of the local HTTP path, proxy, router, request pipeline and Remix's handler; p99 is",
    "    nearest-rank. Absolute figures on Cloudflare's machines will differ; compare runs on one machine.",
    "    Cache miss = a unique utm_source per request (the waitlist form carries it, so it is part of the",
    "    cache key), so each one renders the page (and stores it: the cache write is counted). Edge-cache",
    "    hit = the same page for a new visitor without cookie, served from the Cache API with a fresh nonce",
    "    (two KV reads, one cache lookup, no D1, no React).",
  ];
  if (!cpuMeter) out.push("NOTE: CPU needs Linux /proc schedstat; not available here, so only wall clock is shown.");
  if (restarted) {
    out.push("WARNING: wrangler restarted workerd during the timing (functions/ or build/ changed): re-run.");
  }
  if (load > cpus().length * 0.75) {
    out.push(
      `NOTE: load average was ${load.toFixed(1)} on ${cpus().length} CPUs as timing began: other work was ` +
        "competing, so wall-clock figures are noisy.",
    );
  }
  return out;
}

try {
  await main();
} catch (error) {
  console.error(`bench: failed: ${error.stack ?? error}\n--- wrangler's output (the end) ---\n${logTail(logFile)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
  // Whatever a library left open (wrangler's platform proxy, Lighthouse) must not keep the bench running.
  process.exit();
}
