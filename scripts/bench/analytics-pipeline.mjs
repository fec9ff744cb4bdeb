// The analytics pipeline section of `npm run bench` (issue 19, ADR 0037), on the local stack (the
// site and the companion Worker in one Miniflare, as `npm start` runs them), all side by side in one run:
//
// 1. Sign-up latency alone and under analytics load, at each of LOAD_LEVELS: a round of sign-ups
//    (SIGN_UP_CONCURRENCY at a time, each from its own address) on an idle stack, then one while that
//    many clients flood the collector with full beacon batches (50 events) back to back; p50/p99 of
//    each, their ratio, and every sign-up's status. The queue drains between levels.
// 2. The collector's answer time (p50/p99) at each level, and the events per second it accepted.
// 3. D1 statements per 1,000 accepted events: the new design counted live by the test-only probe in
//    front of the consumer's ANALYTICS_DB (scripts/local-stack/instruments.mjs) plus the site's direct
//    writes (none while the queue works) and its limiter (a Durable Object: none); today's design
//    replayed on a Miniflare D1 with the site's migrations (its triggers included): per batch, the
//    rate-limit upsert and the multi-row inserts of 9 rows (D1's 100 bound parameters, 11 columns).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { applyMigrations as applyD1Migrations } from "../lib/d1-migrations.mjs";
import { startLocalStack } from "../local-stack/index.mjs";
import { d1Probe } from "../local-stack/instruments.mjs";
import { postOnce } from "./http.mjs";
import { median, percentile } from "./stats.mjs";

const SIGN_UPS_PER_ROUND = 60;
const SIGN_UP_CONCURRENCY = 4;
/**
 * Analytics load levels, in beacon clients posting back to back (each its own address): one round
 * of sign-ups alone, then one under the load, per level, side by side. The heaviest level the stack
 * sustains is the heaviest whose sign-up p99 stays within the goal, none failing.
 */
const LOAD_LEVELS = [2, 6, 24];
const EVENTS_PER_BATCH = 50;
/** Today's design's statements per event do not depend on the number of batches. */
const REPLAYED_BATCHES = 400;
export const SIGNUP_P99_RATIO_GOAL = 1.5;
export const STATEMENTS_PER_1000_GOAL = 20;
const UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

async function until(ready, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`bench: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const beacon = (i) => ({
  consent: i % 3 === 0 ? "analytics" : "anonymous",
  events: Array.from({ length: EVENTS_PER_BATCH }, (_, j) => ({
    name: ["page_view", "scroll_depth", "web_vital", "cta_click", "ab_test_impression"][j % 5],
    at: Date.now(),
    path: ["/home", "/pricing", "/features"][j % 3],
    properties: [{}, { percent: 50 }, { metric: "LCP", value: 1200 + j, rating: "good" }, { id: "hero" }, { test: "hero_cta", variant: "control" }][j % 5],
  })),
});

/** Sign-ups of one round: { latencies, statuses }. */
async function signUpRound(origin, round, label) {
  const latencies = [];
  const statuses = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGN_UP_CONCURRENCY }, async () => {
      for (let i = next++; i < SIGN_UPS_PER_ROUND; i = next++) {
        const body = new URLSearchParams({ email: `bench-${label}-${round}-${i}@example.com`, submissionTime: String(Date.now() - 5_000) }).toString();
        const started = performance.now();
        const response = await postOnce(new URL("/api/waitlist", origin), body, {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "User-Agent": UA,
          "CF-Connecting-IP": `198.19.${round}.${i + 1}`,
        }).catch((error) => ({ status: `error: ${error.message}` }));
        latencies.push(performance.now() - started);
        statuses.push(response.status);
      }
    }),
  );
  return { latencies, statuses };
}

/** Floods the collector until `stop()`; resolves to { latencies, statuses, accepted, ms }. */
function analyticsLoad(origin, round, clients) {
  let stopping = false;
  const latencies = [];
  const statuses = new Map();
  let accepted = 0;
  let answered = 0;
  const started = performance.now();
  const done = Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; !stopping; n++) {
        const body = JSON.stringify(beacon(n));
        const t = performance.now();
        const response = await postOnce(new URL("/api/events", origin), body, {
          "Content-Type": "application/json",
          Origin: origin,
          "User-Agent": UA,
          "CF-Connecting-IP": `198.18.${round}.${c + 1}`,
        }).catch((error) => ({ status: `error: ${error.message}` }));
        latencies.push(performance.now() - t);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 202) accepted += JSON.parse(response.body).accepted;
        answered++;
      }
    }),
  ).then(() => ({ latencies, statuses: Object.fromEntries(statuses), accepted, ms: performance.now() - started }));
  return {
    answered: () => answered,
    stop() {
      stopping = true;
      return done;
    },
  };
}

/** Today's design replayed: D1 statements (and rows written) for the same batches. */
async function todaysDesign(batches) {
  const workDir = mkdtempSync(join(tmpdir(), "linkvault-old-design-"));
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Databases: { DB: "old-design" },
    d1Persist: join(workDir, "d1"),
  });
  try {
    const db = await mf.getD1Database("DB");
    await applyD1Migrations(db);
    const columns = ["name", "occurred_at", "path", "consent", "visitor_hash", "session_id", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "properties"];
    const perStatement = Math.floor(100 / columns.length);
    let statements = 0;
    let rowsWritten = 0;
    let events = 0;
    for (let b = 0; b < batches; b++) {
      const batch = beacon(b).events;
      // The per-client rate limit: one upsert per batch (ADR 0006).
      const limit = await db
        .prepare(
          "INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?1, ?2, 1) ON CONFLICT (bucket) DO UPDATE SET hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END, window_start = excluded.window_start RETURNING hits",
        )
        .bind(`analytics:${b % 24}`, Math.floor(Date.now() / 60_000) * 60_000)
        .all();
      statements += 1;
      rowsWritten += limit.meta.rows_written ?? 0;
      // The events: multi-row inserts in one batch; the triggers of migrations/0004 count them.
      const inserts = [];
      for (let i = 0; i < batch.length; i += perStatement) {
        const rows = batch.slice(i, i + perStatement);
        inserts.push(
          db
            .prepare(`INSERT INTO analytics_events (${columns.join(", ")}) VALUES ${rows.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ")}`)
            .bind(...rows.flatMap((e) => [e.name, new Date(e.at).toISOString(), e.path, "anonymous", null, null, null, null, null, null, JSON.stringify(e.properties)])),
        );
      }
      const results = await db.batch(inserts);
      statements += inserts.length;
      rowsWritten += results.reduce((sum, r) => sum + (r.meta.rows_written ?? 0), 0);
      events += batch.length;
    }
    return { statements, rowsWritten, events };
  } finally {
    await mf.dispose();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The whole section's figures. `stateDir` holds migrated databases (both). */
export async function measureAnalyticsPipeline({ stateDir, progress }) {
  // Miniflare's Node-side proxy does not survive a second instance in the process after a stack
  // under load, so today's design is replayed first, on its own instance.
  progress(`pipeline: replaying today's design for ${REPLAYED_BATCHES} batches of ${EVENTS_PER_BATCH} events`);
  const old = await todaysDesign(REPLAYED_BATCHES);
  const consumer = d1Probe({ worker: "jobs", binding: "ANALYTICS_DB" });
  const directWrites = d1Probe({ worker: "site", binding: "ANALYTICS_DB" });
  const stack = await startLocalStack({
    port: 0,
    stateDir,
    devVars: false,
    crons: false,
    logLevel: "error",
    vars: {
      APP_ENV: "test",
      WAITLIST_RATE_LIMIT_MAX: "100000",
      ANALYTICS_RATE_LIMIT_MAX: "100000",
      ANALYTICS_EVENTS_PER_CLIENT_PER_DAY: "100000000",
    },
    extendWorkers: (workers) => directWrites.extend(consumer.extend(workers)),
  });
  const origin = stack.url.origin;
  const analytics = await stack.mf.getD1Database("ANALYTICS_DB", consumer.reader);
  // Read from Node through Miniflare's loopback proxy, which can drop a request while workerd is
  // saturated; a failed read is simply read again at the next poll.
  const stored = async () => {
    try {
      return (await analytics.prepare("SELECT count(*) AS n FROM analytics_events").first()).n;
    } catch {
      return -1;
    }
  };
  const levels = [];
  let accepted = 0;
  try {
    await signUpRound(origin, 250, "warm-up");
    for (const [round, clients] of LOAD_LEVELS.entries()) {
      progress(`pipeline: level ${round + 1}/${LOAD_LEVELS.length}: ${SIGN_UPS_PER_ROUND} sign-ups alone, then under ${clients} clients of beacons`);
      const level = { clients, alone: await signUpRound(origin, round * 2, "alone") };
      const load = analyticsLoad(origin, round, clients);
      // The load is running (every client answered at least twice) before the sign-ups start.
      await until(() => load.answered() >= clients * 2, 60_000, "the analytics load starting");
      level.loaded = await signUpRound(origin, round * 2 + 1, "loaded");
      level.collector = await load.stop();
      accepted += level.collector.accepted;
      // The queue drains before the next quiet round (so "alone" is alone).
      const drainStart = performance.now();
      await until(async () => (await stored()) >= accepted, 600_000, "the consumer catching up");
      level.drainMs = performance.now() - drainStart;
      levels.push(level);
    }
  } finally {
    await stack.close();
  }
  const newStatements = consumer.state.statements + directWrites.state.statements;
  const summary = (latencies) => ({ p50: median(latencies), p99: percentile(latencies, 99), n: latencies.length });
  const failed = (statuses) => statuses.filter((status) => status !== 200).length;
  return {
    levels: levels.map((level) => ({
      clients: level.clients,
      alone: { ...summary(level.alone.latencies), failed: failed(level.alone.statuses) },
      loaded: { ...summary(level.loaded.latencies), failed: failed(level.loaded.statuses) },
      collector: {
        ...summary(level.collector.latencies),
        statuses: level.collector.statuses,
        accepted: level.collector.accepted,
        eventsPerSecond: level.collector.accepted / (level.collector.ms / 1000),
      },
      drainMs: level.drainMs,
    })),
    statements: {
      newDesign: { statements: newStatements, consumer: consumer.state.statements, direct: directWrites.state.statements, events: accepted, per1000: (newStatements / accepted) * 1000 },
      todaysDesign: { ...old, per1000: (old.statements / old.events) * 1000, rowsWrittenPer1000: (old.rowsWritten / old.events) * 1000 },
    },
    settings: { signUpsPerRound: SIGN_UPS_PER_ROUND, signUpConcurrency: SIGN_UP_CONCURRENCY, eventsPerBatch: EVENTS_PER_BATCH },
  };
}

/** The section's lines and its summary rows. */
export function pipelineReport(figures, ms) {
  const { levels, statements, settings } = figures;
  const ratioOf = (level) => level.loaded.p99 / level.alone.p99;
  const failedAt = (level) => level.alone.failed + level.loaded.failed;
  // The goal is read at the heaviest level (every level answered every batch: the stack sustains it);
  // the lighter levels are shown for scale, so noise that favours one level cannot pick it.
  const heaviest = levels.at(-1);
  const section = [
    `Analytics pipeline (issue 19) · local stack · per level: ${settings.signUpsPerRound} sign-ups (${settings.signUpConcurrency} at a time) alone, then under that many beacon clients (${settings.eventsPerBatch} events a batch, back to back)`,
    ...levels.flatMap((level) => [
      `  ${level.clients} beacon clients: ${level.collector.accepted.toLocaleString("en")} events accepted (${Math.round(level.collector.eventsPerSecond).toLocaleString("en")}/s, statuses ${JSON.stringify(level.collector.statuses)}), queue drained ${(level.drainMs / 1000).toFixed(1)} s after the load stopped`,
      `    sign-ups alone p50 / p99        ${ms(level.alone.p50)} / ${ms(level.alone.p99)} ms (${level.alone.n}, ${level.alone.failed} failed)`,
      `    sign-ups under load p50 / p99   ${ms(level.loaded.p50)} / ${ms(level.loaded.p99)} ms (${level.loaded.n}, ${level.loaded.failed} failed); p99 ratio ${ratioOf(level).toFixed(2)}`,
      `    collector answer p50 / p99      ${ms(level.collector.p50)} / ${ms(level.collector.p99)} ms (${level.collector.n} batches)`,
    ]),
    `  D1 statements per 1,000 events, today's design (replayed)   ${statements.todaysDesign.per1000.toFixed(1)} (${Math.round(statements.todaysDesign.rowsWrittenPer1000).toLocaleString("en")} rows written)`,
    `  D1 statements per 1,000 events, new design (counted)        ${statements.newDesign.per1000.toFixed(2)} (consumer ${statements.newDesign.consumer}, site ${statements.newDesign.direct}, for ${statements.newDesign.events.toLocaleString("en")} events)`,
  ];
  const rows = [
    {
      figure: `Sign-up p99 under analytics load ÷ alone (${heaviest.clients} beacon clients, ${Math.round(heaviest.collector.eventsPerSecond).toLocaleString("en")} events/s)`,
      value: `${ratioOf(heaviest).toFixed(2)} (${ms(heaviest.loaded.p99)} ÷ ${ms(heaviest.alone.p99)} ms), ${failedAt(heaviest)} failed`,
      goal: `≤ ${SIGNUP_P99_RATIO_GOAL}, none failing`,
      status: ratioOf(heaviest) <= SIGNUP_P99_RATIO_GOAL && failedAt(heaviest) === 0 ? "met" : "missed",
    },
    {
      figure: "  the lighter levels",
      value: levels.slice(0, -1).map((level) => `${level.clients} clients: ${ratioOf(level).toFixed(2)}, ${failedAt(level)} failed`).join("; "),
      goal: "for scale",
      status: "n/a",
    },
    { figure: "D1 statements per 1,000 accepted events (new design)", value: `${statements.newDesign.per1000.toFixed(2)} (today's: ${statements.todaysDesign.per1000.toFixed(1)})`, goal: `≤ ${STATEMENTS_PER_1000_GOAL}`, status: statements.newDesign.per1000 <= STATEMENTS_PER_1000_GOAL ? "met" : "missed" },
    { figure: `Collector answer time p50 / p99 (${levels[0].clients} beacon clients)`, value: `${ms(levels[0].collector.p50)} / ${ms(levels[0].collector.p99)} ms`, goal: "for scale", status: "n/a" },
  ];
  return { section, rows };
}
