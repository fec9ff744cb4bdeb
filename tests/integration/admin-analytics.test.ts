/**
 * /admin/analytics against real D1 and KV in workerd: events seeded straight into the analytics
 * database (ANALYTICS_DB) with known counts, each batch ending with the count statements every writer
 * runs (ADR 0037), the page rendered through the real pipeline and build, and the figures read back
 * from its HTML. Also: bad dates, empty ranges, weights from KV, the query plans (every statement of
 * the page reads an index for its range, never a whole table), the daily counts (equal to a fresh
 * count; kept when the raw events go; the same after the move of the site database's events) and the
 * web vitals' percentile against stats.ts; the pipeline panel (dead letters, the retention in force).
 */
import { applyD1Migrations } from "cloudflare:test";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_AB_TESTS, type AbTestConfig } from "~/lib/ab-tests";
import { AB_TESTS_KV_KEY } from "~/lib/ab-tests.server";
import { ANALYTICS_QUERIES, ANALYTICS_QUERY_NAMES, rangeBounds } from "~/features/admin/analytics/analytics-queries.mjs";
import { p75 } from "~/features/analytics/stats";
import { analyticsDailyCounts, analyticsEvents } from "~/db/analytics-schema";
import { COUNT_NEW_EVENTS, countNewEvents } from "~/features/analytics/ingest.server";
import { moveSiteEvents } from "~/features/analytics/move.server";
import { DELETE_EXPIRED_COUNTS, deleteExpiredEvents } from "~/features/analytics/retention.server";
import { adminPost, openAdminApp, pageGet } from "../support/admin";
import { createEmptyD1, runner, type TestApp } from "../support/app";
import { beacon } from "../support/analytics-pipeline";
import { insert, store, type Seed } from "../support/analytics-seed";

const PATH = "/admin/analytics";
/** The statement that counts new events into the daily counts (the other one moves the mark). */
const COUNT_NEW_EVENTS_SQL = COUNT_NEW_EVENTS[0]!;
const RANGE = "from=2026-01-05&to=2026-01-07";

let app: TestApp;
let cookie: string;

const D1 = "2026-01-05T09:00:00.000Z";
const D2 = "2026-01-06T12:30:00.000Z";
const D3 = "2026-01-07T23:59:59.999Z";

/**
 * Known figures for 2026-01-05..07: 10 page views (/home 7, /pricing 2, / 1; 4, 5 and 1 a day),
 * 8 landing views, 5 visitors (2 + 2 + 1: hashes are per day), funnel 8 → 4 → 3 → 2, 2 conversions
 * (1 from the newsletter, whose 3 page views make a 33% rate), hero_headline 400/600 served impressions
 * on a 50/50 split (a sample-ratio mismatch) converting 10% vs 15%, web vitals with known p75s.
 */
const SEED: Seed[] = [
  // Page views.
  { name: "page_view", at: D1, path: "/home", visitor: "d1-v1", times: 2 },
  { name: "page_view", at: D1, path: "/home", visitor: "d1-v2" },
  { name: "page_view", at: D1, path: "/home" },
  { name: "page_view", at: D2, path: "/home", visitor: "d2-v1" },
  { name: "page_view", at: D2, path: "/home", times: 2 },
  { name: "page_view", at: D2, path: "/pricing", visitor: "d2-v3", referrer: "news.ycombinator.com", utm: "newsletter", times: 2 },
  // A landing page in another language is a landing view too.
  { name: "page_view", at: D3, path: "/pt-br/home", referrer: "www.google.com", utm: "newsletter" },
  // A consented event that is not a page view still makes a visitor.
  { name: "scroll_depth", at: D3, path: "/", visitor: "d3-v9", props: { percent: 50 } },
  // Just outside the range: never counted.
  { name: "page_view", at: "2026-01-04T23:59:59.999Z", path: "/outside", visitor: "d0-v1", times: 3 },
  { name: "page_view", at: "2026-01-08T00:00:00.000Z", path: "/outside", visitor: "d4-v1", times: 3 },
  // The sign-up funnel (the contact form's events are not part of it).
  { name: "form_start", at: D1, props: { form: "beta_signup" }, times: 4 },
  { name: "form_start", at: D1, path: "/contact", props: { form: "contact" }, times: 2 },
  { name: "form_submit", at: D2, props: { form: "beta_signup", success: true, error: null }, times: 2 },
  { name: "form_submit", at: D2, props: { form: "beta_signup", success: false, error: "Please enter a valid email address" } },
  { name: "conversion", at: D2, path: "/pricing", utm: "newsletter", props: { label: "waitlist_signup" } },
  { name: "conversion", at: D2, props: { label: "waitlist_signup" } },
  // A/B: hero_headline skewed 400/600 against 50/50; waitlist_cta on its 33/33/34 weights (impressions the server counted).
  { name: "ab_test_served", at: D1, props: { test: "hero_headline", variant: "control" }, times: 400 },
  { name: "ab_test_served", at: D1, props: { test: "hero_headline", variant: "benefit_focused" }, times: 600 },
  // Impressions browsers reported (anyone can post them): shown apart, in no result (issue 30).
  { name: "ab_test_impression", at: D1, props: { test: "hero_headline", variant: "control" }, times: 3000 },
  { name: "ab_test_impression", at: D1, props: { test: "hero_headline", variant: "benefit_focused" }, times: 7 },
  { name: "ab_test_signup", at: D2, props: { test: "hero_headline", variant: "control" }, times: 40 },
  { name: "ab_test_signup", at: D2, props: { test: "hero_headline", variant: "benefit_focused" }, times: 90 },
  // Conversions a browser posted (anyone can): stored, never counted in the A/B results (issue 18).
  { name: "ab_test_conversion", at: D2, props: { test: "hero_headline", variant: "control" }, times: 500 },
  { name: "ab_test_conversion", at: D2, props: { test: "waitlist_cta", variant: "control" }, times: 50 },
  { name: "ab_test_served", at: D1, props: { test: "waitlist_cta", variant: "control" }, times: 100 },
  { name: "ab_test_served", at: D1, props: { test: "waitlist_cta", variant: "exclusive" }, times: 100 },
  { name: "ab_test_served", at: D1, props: { test: "waitlist_cta", variant: "community" }, times: 103 },
  { name: "ab_test_signup", at: D2, props: { test: "waitlist_cta", variant: "exclusive" }, times: 8 },
  // Web vitals: /home LCP p75 of [1200, 2600, 3000, 5000] is 3000 (needs improvement), CLS of
  // [0.05, 0.02, 0.3] is 0.3 (poor); /pricing INP of [100, 150] is 150 (good).
  ...[1200, 2600, 3000, 5000].map((value) => ({ name: "web_vital", at: D2, path: "/home", props: { metric: "LCP", value, rating: "good" } })),
  ...[0.05, 0.02, 0.3].map((value) => ({ name: "web_vital", at: D2, path: "/home", props: { metric: "CLS", value, rating: "good" } })),
  ...[100, 150].map((value) => ({ name: "web_vital", at: D3, path: "/pricing", props: { metric: "INP", value, rating: "good" } })),
];

beforeAll(async () => {
  ({ app, cookie } = await openAdminApp());
  await store(app.analytics, SEED);
});
afterAll(() => app.dispose());

const decode = (text: string) =>
  text.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

async function page(query = RANGE): Promise<{ status: number; html: string }> {
  const response = await app.fetch(pageGet(`${PATH}${query ? `?${query}` : ""}`, cookie));
  return { status: response.status, html: decode(await response.text()) };
}

const testId = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
/** The inner HTML of the element with this data-testid up to its closing tag name. */
function block(html: string, id: string, tag: string): string {
  const start = html.indexOf(`data-testid="${id}"`);
  if (start < 0) return "";
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("the analytics page", () => {
  it("shows the range's totals, daily figures, pages, referrers and sources", async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    expect(html).toContain('value="2026-01-05"');
    expect(html).toContain('value="2026-01-07"');
    expect(testId(html, "range-problem")).toBeNull();

    expect(testId(html, "stat-visitors")).toBe("5");
    expect(testId(html, "stat-page-views")).toBe("10");
    expect(testId(html, "stat-signups")).toBe("2");
    expect(testId(html, "stat-conversion-rate")).toBe("20%"); // 2 conversions / 10 page views

    // The charts' hidden tables hold every day of the range.
    expect(html).toMatch(/<caption>Page views per day<\/caption>.*<td>2026-01-05<\/td><td>4<\/td>.*<td>2026-01-06<\/td><td>5<\/td>.*<td>2026-01-07<\/td><td>1<\/td>/s);
    expect(html).toMatch(/<caption>Visitors per day \(analytics consent\)<\/caption>.*<td>2026-01-05<\/td><td>2<\/td>.*<td>2026-01-06<\/td><td>2<\/td>.*<td>2026-01-07<\/td><td>1<\/td>/s);

    const pages = text(block(html, "top-pages", "table"));
    expect(pages).toMatch(/Page Page views Share \/home 7 70% \/pricing 2 20% \/pt-br\/home 1 10%$/);
    expect(pages).not.toContain("/outside");
    expect(text(block(html, "referrers", "table"))).toMatch(/news\.ycombinator\.com 2 67% www\.google\.com 1 33%$/);
    expect(text(block(html, "sources", "table"))).toMatch(/No UTM source \(direct, search, links\) 7 1 14% newsletter 3 1 33%$/);
  });

  it("shows the sign-up funnel with its counts and shares", async () => {
    const { html } = await page();
    expect(testId(html, "funnel-landing")).toBe("8");
    expect(testId(html, "funnel-start")).toBe("4");
    expect(testId(html, "funnel-submit")).toBe("3");
    expect(testId(html, "funnel-success")).toBe("2");
    const funnel = text(block(html, "funnel", "ol"));
    expect(funnel).toContain("Sign-up form started 4 · 50% of landing views · 50% of the step before");
    expect(funnel).toContain("Signed up 2 · 25% of landing views · 67% of the step before");
  });

  it("shows each A/B test with uplift, confidence and a sample-ratio warning for a skewed split", async () => {
    const { html } = await page();
    // 10% vs 15%: z = 2.30, p = 0.021.
    expect(testId(html, "ab-hero_headline-headline")).toBe("benefit_focused converts 50% better than control; 97% confidence (two-proportion z-test).");
    expect(testId(html, "ab-hero_headline-srm")).toMatch(/^Sample-ratio mismatch: the traffic split differs from the configured weights/);
    const card = text(block(html, "ab-hero_headline", "section"));
    expect(card).toMatch(/control Organize Your Digital World Intelligently 50% 400 40 10% .* control/);
    expect(card).toMatch(/benefit_focused Never Lose Important Links Again 50% 600 90 15% .* \+50% 97%/);
    // What browsers reported is shown apart, labelled, and changes no figure above.
    expect(testId(html, "ab-hero_headline-browser-impressions")).toBe("Reported by browsers, not used above: control 3,000 · benefit_focused 7 impressions.");
    expect(testId(html, "ab-waitlist_cta-browser-impressions")).toBe("Reported by browsers, not used above: no impressions.");

    // Within its weights: no warning; its best challenger is named with its confidence.
    expect(html).not.toContain('data-testid="ab-waitlist_cta-srm"');
    expect(text(block(html, "ab-waitlist_cta", "section"))).toContain("Traffic split matches the weights");
    expect(testId(html, "ab-waitlist_cta-headline")).toBe("exclusive converts at 8% while control has no conversions yet; 99.6% confidence (two-proportion z-test).");
    // No data: an empty state.
    expect(text(block(html, "ab-hero_cta", "section"))).toContain("No impressions of this test in this range.");
  });

  it("checks the split against the weights in KV", async () => {
    const config: AbTestConfig = structuredClone(DEFAULT_AB_TESTS);
    config.hero_headline.variants[0]!.weight = 40;
    config.hero_headline.variants[1]!.weight = 60;
    await app.kv.put(AB_TESTS_KV_KEY, JSON.stringify(config));
    try {
      const { html } = await page();
      expect(html).not.toContain('data-testid="ab-hero_headline-srm"');
      expect(text(block(html, "ab-hero_headline", "section"))).toMatch(/control .* 40% 400 .* benefit_focused .* 60% 600/);
    } finally {
      await app.kv.delete(AB_TESTS_KV_KEY);
    }
  });

  it("shows web vitals at the 75th percentile per page with their rating", async () => {
    const { html } = await page();
    const table = block(html, "web-vitals", "table");
    const row = (path: string) => text(`<tr${table.split("<tr").find((r) => r.includes(`>${path}</th>`)) ?? ""}`);
    expect(row("/home")).toMatch(/^\/home 3,000 ms Needs improvement 4 samples — 0\.300 Poor 3 samples$/);
    expect(row("/pricing")).toMatch(/^\/pricing — 150 ms Good 2 samples —$/);
    expect(table).toContain('class="pill vital-needs-improvement"');
  });

  it("falls back to the last 30 days, with a 200 and the reason, for bad or too long ranges", async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const query of ["from=2026-02-30&to=2026-03-01", "from=banana", "from=2026-01-07&to=2026-01-05", "from=2020-01-01&to=2026-01-01"]) {
      const { status, html } = await page(query);
      expect(status, query).toBe(200);
      expect(testId(html, "range-problem"), query).toMatch(/Showing the last 30 days instead\.$/);
      expect(html, query).toMatch(new RegExp(`id="an-to"[^>]*value="${today}"`)); // the defaults, in the form
    }
  });

  it("has an empty state for every block when nothing happened", async () => {
    const { status, html } = await page("from=2025-06-01&to=2025-06-30");
    expect(status).toBe(200);
    expect(testId(html, "stat-visitors")).toBe("0");
    expect(testId(html, "stat-conversion-rate")).toBe("—");
    for (const message of [
      "No page views in this range.",
      "No visitors with analytics consent in this range.",
      "No page views came from another site in this range.",
      "No landing page views or sign-up form activity in this range.",
      "No impressions of this test in this range.",
      "No web vitals were reported in this range.",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain('class="bar-chart"');
  });
});

describe("the page's queries", () => {
  it("each read an index for the range only: never a whole table, never the days outside it", async () => {
    const bounds = rangeBounds("2026-01-05", "2026-01-07");
    for (const name of ANALYTICS_QUERY_NAMES) {
      const { results } = await app.analytics.prepare(`EXPLAIN QUERY PLAN ${ANALYTICS_QUERIES[name]}`).bind(...bounds).all<{ detail: string }>();
      const steps = results.map((r) => r.detail).filter((d) => /\banalytics_(events|daily_counts)\b/.test(d));
      expect(steps.length, name).toBeGreaterThan(0);
      for (const step of steps) {
        // "SCAN <table>" (with or without "USING ... INDEX") reads the whole table or a whole index.
        expect(step, name).toMatch(/^SEARCH (analytics_daily_counts USING PRIMARY KEY|analytics_events USING (COVERING )?INDEX analytics_events_\w+_idx) \(/);
        // The search is bounded by the range (the web vitals' per page and metric).
        expect(step, name).toMatch(/(day>\? AND day<\?|occurred_at>\? AND occurred_at<\?)\)$/);
      }
      if (name === "webVitals") {
        // One page and metric's samples of the range, values included, from the web-vitals index alone:
        // it holds the value expression, so no row of the table is read (COVERING).
        expect(steps).toContain("SEARCH analytics_events USING COVERING INDEX analytics_events_web_vitals_idx (name=? AND path=? AND <expr>=? AND occurred_at>? AND occurred_at<?)");
      }
    }
  });

  it("use the indexes and keys the drizzle schema declares, which the migrations create", async () => {
    const { results } = await app.analytics
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'analytics_events' AND sql IS NOT NULL ORDER BY name")
      .all<{ name: string }>();
    const declared = getTableConfig(analyticsEvents).indexes.map((i) => i.config.name).sort();
    expect(results.map((r) => r.name)).toEqual(declared);
    expect(declared).not.toContain("analytics_events_name_time_dims_idx"); // 0003's, dropped in 0004

    const { results: columns } = await app.analytics.prepare("PRAGMA table_info(analytics_daily_counts)").all<{ name: string; pk: number }>();
    const primaryKey = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    expect(primaryKey).toEqual(getTableConfig(analyticsDailyCounts).primaryKeys[0]!.columns.map((c) => c.name));
  });

  it("give web vitals the exact nearest-rank 75th percentile of each page and metric, as stats.ts computes it", async () => {
    // Pseudo-random samples (a fixed seed) on 2026-04-01..02, for pages and metrics with distinct
    // sample counts; integers with ties, and fractions with many digits.
    let state = 20260401;
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pairs = [
      { path: "/a", metric: "LCP", n: 57, value: () => 500 + Math.floor(random() * 40) * 125 },
      { path: "/a", metric: "CLS", n: 41, value: () => random() * 0.5 },
      { path: null, metric: "TTFB", n: 23, value: () => random() * 2000 },
      { path: "/b", metric: "INP", n: 1, value: () => 180 },
    ];
    const samples = pairs.map((pair) => ({ ...pair, values: Array.from({ length: pair.n }, pair.value) }));
    const store = (at: string, path: string | null, properties: Record<string, unknown>) =>
      app.analytics.prepare("INSERT INTO analytics_events (name, occurred_at, path, properties) VALUES ('web_vital', ?1, ?2, ?3)").bind(at, path, JSON.stringify(properties));
    await app.analytics.batch([
      ...samples.flatMap(({ path, metric, values }) =>
        values.map((value, i) => store(`2026-04-0${1 + (i % 2)}T${String(i % 24).padStart(2, "0")}:00:00.000Z`, path, { metric, value, rating: "good" })),
      ),
      // Never samples: outside the range, without a metric, or with a value that is no number.
      store("2026-04-03T00:00:00.000Z", "/a", { metric: "LCP", value: 99_999, rating: "poor" }),
      store("2026-03-31T23:59:59.999Z", "/a", { metric: "LCP", value: 99_999, rating: "poor" }),
      store("2026-04-01T12:00:00.000Z", "/a", { value: 99_999 }),
      store("2026-04-01T12:00:00.000Z", "/a", { metric: "LCP", value: "slow", rating: "poor" }),
      ...countNewEvents(app.analytics),
    ]);

    const { results } = await app.analytics.prepare(ANALYTICS_QUERIES.webVitals).bind(...rangeBounds("2026-04-01", "2026-04-02")).all();
    // SQLite's JSON round-trips a double exactly, so the p75 is the very number stats.ts gives.
    expect(results).toEqual(samples.map(({ path, metric, values }) => ({ path, metric, p75: p75(values), samples: values.length })));
  });
});

/** The daily counts as they are kept, and as a fresh count of the events gives them. */
async function dailyCounts(db: D1Database, where = ""): Promise<{ kept: unknown[]; recounted: unknown[] }> {
  const order = "ORDER BY name, facet, day, value";
  const [kept, recounted] = await db.batch([
    db.prepare(`SELECT name, facet, day, value, n FROM analytics_daily_counts ${where} ${order}`),
    db.prepare(`SELECT name, facet, day, value, count(*) AS n FROM analytics_event_facets ${where} GROUP BY name, facet, day, value ${order}`),
  ]);
  return { kept: kept!.results, recounted: recounted!.results };
}

describe("the daily counts", () => {
  it("are kept and pruned through their key: the count statements and the counts' retention never scan the table", async () => {
    for (const [name, sql, bound] of [
      ["count", COUNT_NEW_EVENTS_SQL, []],
      ["retention", DELETE_EXPIRED_COUNTS, ["2024-01-01", 5000]],
    ] as const) {
      const { results } = await app.analytics.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...bound).all<{ detail: string }>();
      const reads = results.map((r) => r.detail).filter((d) => /\b(analytics_daily_counts|c)\b/.test(d) && !/^(CORRELATED |SCALAR |LIST )?SUBQUERY|^MATERIALIZE/.test(d));
      expect(reads.length, name).toBeGreaterThan(0);
      for (const step of reads) expect(step, name).toMatch(/^SEARCH (analytics_daily_counts|c) USING PRIMARY KEY \(/);
    }
  });

  it("equal a fresh count of the stored events", async () => {
    const { kept, recounted } = await dailyCounts(app.analytics);
    expect(kept.length).toBeGreaterThan(20);
    expect(kept).toEqual(recounted);
  });

  it("outlive the raw events: past the retention the page still shows every count", async () => {
    const DAY = "2024-03-10";
    await store(app.analytics, [
      { name: "page_view", at: `${DAY}T08:00:00.000Z`, path: "/blog", visitor: "m10-v1", utm: "reddit", times: 3 },
      { name: "ab_test_served", at: `${DAY}T08:00:00.000Z`, props: { test: "hero_cta", variant: "control" }, times: 2 },
    ]);
    const before = await page(`from=${DAY}&to=${DAY}`);
    expect(testId(before.html, "stat-page-views")).toBe("3");
    expect(testId(before.html, "stat-visitors")).toBe("1");

    // 400 days after 2025-01-01, everything of 2024-03-10 is past a 400-day retention (the seed of 2026 is not).
    const deleted = await deleteExpiredEvents(app.analytics, 400, Date.parse("2025-04-20T00:00:00.000Z"), 2, 100);
    expect(deleted).toBe(5);
    const { results } = await app.analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE occurred_at LIKE ?1").bind(`${DAY}%`).all<{ n: number }>();
    expect(results[0]!.n).toBe(0);

    const after = await page(`from=${DAY}&to=${DAY}`);
    expect(testId(after.html, "stat-page-views")).toBe("3");
    expect(testId(after.html, "stat-visitors")).toBe("1");
    expect(text(block(after.html, "top-pages", "table"))).toMatch(/\/blog 3 100%$/);
    expect(text(block(after.html, "ab-hero_cta", "section"))).toMatch(/control Download on App Store 25% 2 0 /);
  });

  it("are the same after the move of the site database's events as the site's triggers kept them (but browser A/B conversions)", async () => {
    // The site database (migrations/, with 0004's triggers) holds the seed, as before issue 19.
    const site = app.db;
    await site.batch(SEED.map((e) => insert(site, e)));
    const siteCounts = await dailyCounts(site);
    expect(siteCounts.kept).toEqual(siteCounts.recounted);
    const target = await createEmptyD1();
    await applyD1Migrations(target.db, runner.TEST_ANALYTICS_MIGRATIONS);
    // Small chunks and several runs: the move resumes where it stopped.
    let report = await moveSiteEvents(site, target.db, 300, 2);
    expect(report.done).toBe(false);
    while (!report.done) report = await moveSiteEvents(site, target.db, 300, 2);
    const seeded = SEED.reduce((sum, e) => sum + (e.times ?? 1), 0);
    expect(await target.db.prepare("SELECT count(*) AS n FROM analytics_events").first("n")).toBe(seeded);
    expect(await target.db.prepare("SELECT moved FROM analytics_move").first("moved")).toBe(seeded);
    // The site database is emptied as the events move; a run after the end moves nothing twice.
    expect(await site.prepare("SELECT count(*) AS n FROM analytics_events").first("n")).toBe(0);
    expect((await moveSiteEvents(site, target.db)).moved).toBe(0);

    const moved = await dailyCounts(target.db);
    expect(moved.kept).toEqual(moved.recounted);
    // What the page read before (the site's trigger-kept counts, taken before the move emptied them)
    // is what it reads now, but the server's own A/B events: the browser's ab_test_conversion counted
    // before, the server's ab_test_signup and ab_test_served now (the old view knew no such events).
    const withoutConversions = (rows: unknown[]) =>
      rows.filter((row) => !["ab_test_conversion", "ab_test_signup", "ab_test_served"].includes((row as { name: string }).name));
    expect(withoutConversions(moved.kept)).toEqual(withoutConversions(siteCounts.kept));
    expect(moved.kept).toContainEqual({ name: "ab_test_signup", facet: "ab_variant", day: "2026-01-06", value: '["hero_headline","control"]', n: 40 });
  });
});

describe("the pipeline panel", () => {
  it("shows the dead letters, replays the valid ones and keeps the rest", async () => {
    const deadBeacon = beacon("dead-letter-beacon-1", 1, "/dead", "2026-05-01T10:00:00.000Z");
    const letter = (id: string, body: string) =>
      app.analytics.prepare("INSERT INTO analytics_dead_letters (message_id, received_at, attempts, body) VALUES (?1, ?2, 11, ?3)").bind(id, "2026-05-01T10:00:00.000Z", body);
    await app.analytics.batch([letter("m1", JSON.stringify(deadBeacon)), letter("m2", JSON.stringify({ not: "a beacon" }))]);
    expect(testId((await page()).html, "dead-letters")).toBe("2");

    const replay = await app.fetch(adminPost(PATH, { intent: "replay-dead-letters" }, cookie));
    expect(replay.status).toBe(302);
    expect(testId((await page()).html, "dead-letters")).toBe("1");
    const may = await page("from=2026-05-01&to=2026-05-01");
    expect(testId(may.html, "stat-page-views")).toBe("1");
    // Replayed again (it was stored): never counted twice.
    await app.analytics.batch([letter("m3", JSON.stringify(deadBeacon))]);
    await app.fetch(adminPost(PATH, { intent: "replay-dead-letters" }, cookie));
    expect(testId((await page("from=2026-05-01&to=2026-05-01")).html, "stat-page-views")).toBe("1");
  });

  it("shows the retention in force, set on the settings page, and no longer takes it here", async () => {
    const before = (await page()).html;
    expect([testId(before, "retention-events"), testId(before, "retention-counts")]).toEqual(["400 days", "1,095 days"]);
    await app.db.batch([
      app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('analytics_retention_days', '500'), ('analytics_counts_retention_days', '2000')"),
    ]);
    const { html } = await page();
    expect([testId(html, "retention-events"), testId(html, "retention-counts")]).toEqual(["500 days", "2,000 days"]);
    expect(html).toContain('href="/admin/settings#analytics-retention-title"');
    const refused = await app.fetch(adminPost(PATH, { intent: "save-retention", retentionDays: "40" }, cookie));
    expect(refused.status).toBe(400);
    expect(await app.db.prepare("SELECT value FROM site_settings WHERE key = 'analytics_retention_days'").first("value")).toBe("500");
  });
});
