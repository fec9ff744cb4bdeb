#!/usr/bin/env node
// The analytics page's queries over a million events (`npm run bench -- --only=analytics`, or
// `node scripts/bench/analytics-queries.mjs [--events=N]` on its own).
//
// Seeds ANALYTICS_BENCH_EVENTS realistic events (names, paths, consent, referrers, UTM sources,
// A/B tests, web vitals, spread over a year with traffic growing towards today) into a fresh
// Miniflare D1 on disk with the project's real migrations, in INSERT … SELECT chunks generated
// by a recursive CTE inside SQLite. Then times each statement of app/features/admin/analytics/analytics-queries.mjs
// (the exact SQL the page runs) for the default 30-day range and for the longest allowed range,
// and the page's whole batch; and shows which index each statement uses (EXPLAIN QUERY PLAN).
import { mkdtempSync, rmSync, statSync, readdirSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { ANALYTICS_QUERIES, ANALYTICS_QUERY_NAMES, rangeBounds } from "../../app/features/admin/analytics/analytics-queries.mjs";
import { applyMigrations } from "../lib/d1-migrations.mjs";
import { ms, table } from "./report.mjs";
import { median } from "./stats.mjs";

export const ANALYTICS_BENCH_EVENTS = 1_000_000;
/** Each statement's budget, median wall time in ms. */
export const ANALYTICS_QUERY_BUDGET_MS = 200;
const SPAN_DAYS = 365;
const CHUNK = 10_000;
const RUNS = 5;
const DAY_MS = 86_400_000;

/**
 * One chunk of events: ?1 rows in the time slice starting at ?2 (ms since the epoch) and lasting ?3
 * ms, from a pool of ?4 visitors a day, inserted in time order as the collector would (D1 binds
 * numbers as REAL, hence the casts: day numbers must stay integers). Each row's random draws are
 * made once, in the recursive CTE (its rows are stored), so every column derived from them is
 * consistent (an A/B event's test and variant, a visitor's hash and session).
 */
const SEED_SQL = `
INSERT INTO analytics_events (name, occurred_at, received_at, path, consent, visitor_hash, session_id,
  referrer_host, utm_source, utm_medium, utm_campaign, properties)
WITH RECURSIVE
  draws(i, kind, at_ms, page, sub, who, ref, utm, val) AS (
    SELECT 1, abs(random()) % 1000, CAST(?2 AS INTEGER) + abs(random()) % CAST(?3 AS INTEGER), abs(random()) % 1000,
      abs(random()) % 1000, abs(random()) % 1000, abs(random()) % 1000, abs(random()) % 1000, abs(random()) % 1000
    UNION ALL
    SELECT i + 1, abs(random()) % 1000, CAST(?2 AS INTEGER) + abs(random()) % CAST(?3 AS INTEGER), abs(random()) % 1000,
      abs(random()) % 1000, abs(random()) % 1000, abs(random()) % 1000, abs(random()) % 1000, abs(random()) % 1000
    FROM draws WHERE i < CAST(?1 AS INTEGER)
  ),
  shaped AS (
    SELECT *,
      at_ms / ${DAY_MS} AS day_number,
      who < 650 AS consented,
      (who * 7919 + ref * 104729) % CAST(?4 AS INTEGER) AS visitor,
      CASE
        WHEN kind < 380 THEN 'page_view'
        WHEN kind < 560 THEN 'ab_test_impression'
        WHEN kind < 680 THEN 'web_vital'
        WHEN kind < 770 THEN 'scroll_depth'
        WHEN kind < 820 THEN 'page_load_complete'
        WHEN kind < 880 THEN CASE sub % 4 WHEN 0 THEN 'cta_click' WHEN 1 THEN 'feature_card_click' WHEN 2 THEN 'faq_click' ELSE 'notify_click' END
        WHEN kind < 910 THEN 'ab_test_variant_assigned'
        WHEN kind < 930 THEN 'resource_timing'
        WHEN kind < 940 THEN 'memory_check'
        WHEN kind < 965 THEN 'form_start'
        WHEN kind < 980 THEN 'form_submit'
        WHEN kind < 992 THEN 'ab_test_conversion'
        ELSE 'conversion'
      END AS name,
      CASE
        WHEN page < 250 THEN '/' WHEN page < 400 THEN '/home' WHEN page < 480 THEN '/features' WHEN page < 550 THEN '/pricing'
        WHEN page < 610 THEN '/waitlist' WHEN page < 660 THEN '/how-it-works' WHEN page < 700 THEN '/download'
        WHEN page < 750 THEN '/blog' WHEN page < 900 THEN '/blog/organising-links-' || (sub % 40)
        WHEN page < 960 THEN '/tutorials/getting-started-' || (sub % 15) WHEN page < 980 THEN '/about' ELSE '/contact'
      END AS path,
      CASE sub % 3 WHEN 0 THEN 'hero_cta' WHEN 1 THEN 'waitlist_cta' ELSE 'hero_headline' END AS test,
      CASE sub % 3
        WHEN 0 THEN CASE WHEN val % 100 < 25 THEN 'control' WHEN val % 100 < 50 THEN 'action_oriented' WHEN val % 100 < 75 THEN 'benefit_focused' ELSE 'urgency_driven' END
        WHEN 1 THEN CASE WHEN val % 100 < 33 THEN 'control' WHEN val % 100 < 66 THEN 'exclusive' ELSE 'community' END
        ELSE CASE WHEN val % 100 < 50 THEN 'control' ELSE 'benefit_focused' END
      END AS variant,
      CASE sub % 5 WHEN 0 THEN 'LCP' WHEN 1 THEN 'FCP' WHEN 2 THEN 'CLS' WHEN 3 THEN 'TTFB' ELSE 'INP' END AS metric,
      CASE sub % 5 WHEN 0 THEN 800 + val * 4 WHEN 1 THEN 500 + val * 3 WHEN 2 THEN round(val / 2000.0, 4) WHEN 3 THEN 100 + val * 2 ELSE 40 + val / 2 END AS metric_value
    FROM draws
  )
SELECT
  name,
  strftime('%Y-%m-%dT%H:%M:%fZ', at_ms / 1000.0, 'unixepoch'),
  strftime('%Y-%m-%dT%H:%M:%fZ', (at_ms + 150 + val) / 1000.0, 'unixepoch'),
  path,
  CASE WHEN consented THEN 'analytics' ELSE 'anonymous' END,
  CASE WHEN consented THEN printf('%016x%016x%016x%016x', day_number, visitor, day_number * 7919 + visitor, visitor * 104729) END,
  CASE WHEN consented THEN printf('s%015x%04x', day_number * 1000 + visitor, val % 3) END,
  CASE WHEN ref < 120 THEN 'www.google.com' WHEN ref < 160 THEN 'news.ycombinator.com' WHEN ref < 200 THEN 'www.reddit.com'
    WHEN ref < 225 THEN 't.co' WHEN ref < 245 THEN 'duckduckgo.com' WHEN ref < 260 THEN 'www.producthunt.com' WHEN ref < 270 THEN 'www.bing.com' END,
  CASE WHEN utm < 40 THEN 'newsletter' WHEN utm < 70 THEN 'twitter' WHEN utm < 95 THEN 'reddit' WHEN utm < 110 THEN 'producthunt' WHEN utm < 120 THEN 'google' END,
  CASE WHEN utm < 40 THEN 'email' WHEN utm < 95 THEN 'social' WHEN utm < 110 THEN 'referral' WHEN utm < 120 THEN 'cpc' END,
  CASE WHEN utm < 40 THEN 'launch_' || (day_number % 12) WHEN utm < 120 THEN 'beta' END,
  CASE name
    WHEN 'page_view' THEN json_object('title', 'LinkVault')
    WHEN 'ab_test_impression' THEN json_object('test', test, 'variant', variant)
    WHEN 'ab_test_variant_assigned' THEN json_object('test', test, 'variant', variant)
    WHEN 'ab_test_conversion' THEN json_object('test', test, 'variant', variant, 'goal', 'waitlist_signup')
    WHEN 'web_vital' THEN json_object('metric', metric, 'value', metric_value, 'rating', 'good')
    WHEN 'scroll_depth' THEN json_object('percent', (val % 4 + 1) * 25)
    WHEN 'page_load_complete' THEN json_object('loadTime', 400 + val * 3, 'domContentLoaded', 200 + val * 2, 'firstPaint', 150 + val)
    WHEN 'resource_timing' THEN json_object('count', 20 + val % 40, 'transferKb', round(val / 3.0, 1))
    WHEN 'memory_check' THEN json_object('usedMb', 20 + val % 50, 'limitMb', 4096)
    WHEN 'form_start' THEN json_object('form', 'beta_signup')
    WHEN 'form_submit' THEN json_object('form', 'beta_signup', 'success', json(CASE WHEN val < 850 THEN 'true' ELSE 'false' END),
      'error', CASE WHEN val < 850 THEN NULL ELSE 'Please enter a valid email address' END)
    WHEN 'conversion' THEN json_object('label', 'waitlist_signup')
    ELSE json_object('id', 'card_' || (sub % 8))
  END
FROM shaped
ORDER BY at_ms`;

const progressToStderr = (message) => console.error(`bench: ${message}`);
const countEvents = async (db) => (await db.prepare("SELECT count(*) AS n FROM analytics_events").first()).n;

/** Events a visitor sends in a day, on average (sizes the daily visitor pool). */
const EVENTS_PER_VISITOR = 12;

/**
 * Inserts `events` generated events over the SPAN_DAYS before `now` into an empty
 * analytics_events, oldest first; returns the seconds it took. Traffic grows linearly towards
 * today: chunk j of C covers the slice between span·√(j/C) and span·√((j+1)/C) (equal counts under
 * a linear density). A chunk whose response is lost (Miniflare's loopback socket closing under a
 * long statement) is checked against the row count and sent again only if it did not land.
 */
export async function seedAnalyticsEvents(db, { events, now = Date.now(), progress = progressToStderr }) {
  progress(`seeding ${events.toLocaleString("en")} events over ${SPAN_DAYS} days in chunks of ${CHUNK.toLocaleString("en")}`);
  const start = process.hrtime.bigint();
  const span = SPAN_DAYS * DAY_MS;
  const origin = now - span;
  const chunks = Math.ceil(events / CHUNK);
  for (let j = 0, done = 0; j < chunks; ) {
    const rows = Math.min(CHUNK, events - done);
    const sliceStart = origin + Math.floor(span * Math.sqrt(j / chunks));
    const sliceMs = Math.max(1, origin + Math.floor(span * Math.sqrt((j + 1) / chunks)) - sliceStart);
    const visitorsPerDay = Math.max(1, Math.round((rows / (sliceMs / DAY_MS)) / EVENTS_PER_VISITOR));
    try {
      await db.prepare(SEED_SQL).bind(rows, sliceStart, sliceMs, visitorsPerDay).run();
    } catch (error) {
      const landed = await countEvents(db);
      if (landed !== done && landed !== done + rows) throw error;
      if (landed === done) {
        progress(`  chunk ${j + 1} failed (${error.message}); sending it again`);
        continue;
      }
    }
    done += rows;
    j += 1;
    if (done % 200_000 === 0 || done === events) progress(`  ${done.toLocaleString("en")} rows`);
  }
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function directorySize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(path) : statSync(path).size;
  }
  return total;
}

async function time(fn) {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

/** Median (and max) of RUNS timed runs after one untimed warm-up. */
async function timeRuns(fn) {
  await fn();
  const samples = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const run = await time(fn);
    samples.push(run.ms);
    result = run.result;
  }
  return { median: median(samples), max: Math.max(...samples), result };
}

/** The tables the page's statements read: the raw events and the daily counts (migrations/0004). */
const PAGE_TABLES = /\banalytics_(?:events|daily_counts)\b/;

/** The indexes a statement's plan uses on those tables, and whether any step scans a whole table. */
async function planOf(db, sql, bounds) {
  const { results } = await db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...bounds).all();
  const steps = results.map((row) => String(row.detail)).filter((detail) => PAGE_TABLES.test(detail));
  const used = (d) => {
    const index = /USING (?:COVERING )?INDEX (\w+)/.exec(d);
    if (index) return index[1];
    const key = /^SEARCH (\w+) USING PRIMARY KEY/.exec(d);
    return key ? `${key[1]} primary key` : null;
  };
  const indexes = [...new Set(steps.map(used).filter(Boolean))];
  // A WITHOUT ROWID table's primary key is the table: searching it reads nothing else.
  const covering = steps.length > 0 && steps.every((d) => d.includes("COVERING INDEX") || d.includes("USING PRIMARY KEY"));
  const fullScan = steps.some((d) => /^SCAN analytics_/.test(d));
  return { indexes, covering, fullScan };
}

const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Seeds, times and returns the figures (nothing printed to stdout). */
export async function measureAnalyticsQueries({ events = ANALYTICS_BENCH_EVENTS, progress = progressToStderr } = {}) {
  const workDir = mkdtempSync(join(tmpdir(), "linkvault-analytics-bench-"));
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Databases: { DB: "analytics-bench" },
    d1Persist: join(workDir, "d1"),
  });
  try {
    const db = await mf.getD1Database("DB");
    await applyMigrations(db);

    const now = Date.now();
    const seedSeconds = await seedAnalyticsEvents(db, { events, now, progress });
    const total = await countEvents(db);
    const byName = (await db.prepare("SELECT name, count(*) AS n FROM analytics_events GROUP BY name ORDER BY n DESC").all()).results;

    const today = dayOf(now);
    const ranges = [
      { label: "30 days", bounds: rangeBounds(dayOf(now - 29 * DAY_MS), today) },
      { label: "366 days", bounds: rangeBounds(dayOf(now - 365 * DAY_MS), today) },
    ];
    for (const range of ranges) {
      range.events = (await db
        .prepare("SELECT count(*) AS n FROM analytics_events WHERE occurred_at >= ?1 AND occurred_at < ?2")
        .bind(...range.bounds)
        .first()).n;
    }

    progress(`timing ${ANALYTICS_QUERY_NAMES.length} statements: 1 warm-up + median of ${RUNS}, per range`);
    const load = loadavg()[0];
    const baseline = await timeRuns(() => db.prepare("SELECT 1 AS one").all());
    const rows = [];
    for (const name of ANALYTICS_QUERY_NAMES) {
      const sql = ANALYTICS_QUERIES[name];
      const row = { name, plan: await planOf(db, sql, ranges[0].bounds), timings: [] };
      for (const range of ranges) {
        const timing = await timeRuns(() => db.prepare(sql).bind(...range.bounds).all());
        row.timings.push({ median: timing.median, max: timing.max, rows: timing.result.results.length });
      }
      rows.push(row);
    }
    const batch = [];
    for (const range of ranges) {
      batch.push(await timeRuns(() => db.batch(ANALYTICS_QUERY_NAMES.map((name) => db.prepare(ANALYTICS_QUERIES[name]).bind(...range.bounds)))));
    }
    return {
      events: total,
      byName,
      seedSeconds,
      dbBytes: directorySize(workDir),
      ranges,
      rows,
      batch,
      baseline,
      load,
    };
  } finally {
    await mf.dispose();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Words into lines of at most `width` characters, each starting with `indent`. */
function wrap(text, indent, width = 112) {
  const lines = [];
  let line = indent;
  for (const word of text.split(" ")) {
    if (line.length + word.length + 1 > width && line.trim()) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * The report: `section` (title, table, budget verdicts) and `footnote` (marked "(4)", the
 * number `npm run bench` gives it after its other footnotes).
 */
export function analyticsReport(figures) {
  const { ranges, rows, batch, baseline } = figures;
  const budget = ANALYTICS_QUERY_BUDGET_MS;
  const section = [
    `Analytics page queries over ${figures.events.toLocaleString("en")} events (4) · seeded in ${figures.seedSeconds.toFixed(0)} s, ` +
      `database ${(figures.dbBytes / 1024 / 1024).toFixed(0)} MB · median of ${RUNS} runs · ms`,
    table(
      ["Statement", "Index (EXPLAIN QUERY PLAN)", ...ranges.flatMap((r) => [`${r.label} median`, `${r.label} max`]), "Rows"],
      [
        ...rows.map((row) => [
          row.name,
          `${row.plan.fullScan ? "FULL SCAN! " : ""}${row.plan.indexes.join(" + ")}${row.plan.covering ? " (covering)" : ""}`,
          ...row.timings.flatMap((t) => [ms(t.median), ms(t.max)]),
          row.timings.map((t) => t.rows).join(" / "),
        ]),
        ["The page's whole batch", "", ...batch.flatMap((t) => [ms(t.median), ms(t.max)]), ""],
        ["Baseline: SELECT 1", "", ms(baseline.median), ms(baseline.max), "", "", ""],
      ],
      ["l", "l", "r", "r", "r", "r", "r"],
    ),
    "Budgets (informational)",
  ];
  for (const [i, range] of ranges.entries()) {
    const slow = rows.filter((row) => !(row.timings[i].median < budget)).map((row) => `${row.name} ${ms(row.timings[i].median)}`);
    section.push(`  ${slow.length ? "FAIL" : "PASS"}  every statement < ${budget} ms (median), ${range.label}${slow.length ? ` (${slow.join("; ")})` : ""}`);
  }
  const scans = rows.filter((row) => row.plan.fullScan).map((row) => row.name);
  section.push(`  ${scans.length ? "FAIL" : "PASS"}  no full scan of analytics_events or analytics_daily_counts${scans.length ? ` (${scans.join(", ")})` : ""}`);
  const footnote = [
    "(4) A fresh Miniflare D1 (workerd's SQLite, a file on disk) with the project's migrations, seeded inside SQLite",
    `    (recursive CTE, ${CHUNK.toLocaleString("en")} rows per INSERT … SELECT, oldest first): ${SPAN_DAYS} days of events, traffic`,
    ...wrap(
      `growing linearly towards today; by name: ${figures.byName.map((r) => `${r.name} ${((r.n / figures.events) * 100).toFixed(1)}%`).join(", ")}.`,
      "    ",
    ),
    "    The triggers of migrations/0004 count every inserted row into analytics_daily_counts, as they do for the",
    "    collector's batches, so the seeding time includes keeping the daily counts.",
    `    Ranges end today: ${ranges.map((r) => `${r.label} = ${r.events.toLocaleString("en")} events`).join(", ")}. Each statement of`,
    "    app/features/admin/analytics/analytics-queries.mjs (the page's exact SQL) is timed from Node: prepare + bind + all() through",
    "    Miniflare's D1 binding, so every figure includes the loopback round trip the baseline shows; one warm-up",
    "    run first. Rows = rows returned per range. (covering) = EXPLAIN says COVERING INDEX or searches a WITHOUT",
    "    ROWID table's primary key; SQLite does not say so for indexes on expressions (the JSON properties), whose",
    "    values it still reads from the index.",
  ];
  if (figures.load > cpus().length * 0.75) {
    footnote.push(
      `NOTE: load average was ${figures.load.toFixed(1)} on ${cpus().length} CPUs as the analytics timing began: other work was ` +
        "competing, so its figures are noisy.",
    );
  }
  return { section, footnote };
}

/**
 * For the overall summary of `npm run bench`: per range, the slowest statement's median against
 * the budget.
 */
export function analyticsSummaryRows(figures) {
  return figures.ranges.map((range, i) => {
    const slowest = figures.rows.reduce((a, b) => (b.timings[i].median > a.timings[i].median ? b : a));
    const median = slowest.timings[i].median;
    return {
      figure: `Analytics page, slowest statement, ${range.label} (${figures.events.toLocaleString("en")} events)`,
      value: `${ms(median)} ms (${slowest.name})`,
      goal: `< ${ANALYTICS_QUERY_BUDGET_MS} ms`,
      status: median < ANALYTICS_QUERY_BUDGET_MS ? "met" : "missed",
    };
  });
}

// Run on its own: `node scripts/bench/analytics-queries.mjs [--events=N]`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
  const eventsArg = process.argv.find((arg) => arg.startsWith("--events="));
  const events = eventsArg ? Number(eventsArg.slice("--events=".length)) : ANALYTICS_BENCH_EVENTS;
  if (!Number.isInteger(events) || events < 1) {
    console.error("usage: node scripts/bench/analytics-queries.mjs [--events=N]");
    process.exit(2);
  }
  try {
    const { section, footnote } = analyticsReport(await measureAnalyticsQueries({ events }));
    console.log([...section, "", ...footnote].join("\n"));
  } catch (error) {
    console.error(`bench: failed: ${error.stack ?? error}`, error.cause ?? "");
    process.exitCode = 1;
  }
}
