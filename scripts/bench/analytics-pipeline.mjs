// The analytics pipeline section of `npm run bench` (issue 19, ADR 0037), on the local stack (the
// site and the companion Worker in one Miniflare, as `npm start` runs them), all side by side in one run:
//
// 1. Sign-up latency alone and under analytics load, at each of LOAD_LEVELS: a round of sign-ups
//    (SIGN_UP_CONCURRENCY at a time, each from its own address) on an idle stack, then one while the
//    level's beacons arrive; p50/p99 of each, their ratio, and every sign-up's status. The load comes
//    from a worker thread (beacon-load.mjs), so it never delays the sign-ups' own timing. The paced
//    levels offer beacons at a fixed rate, as a launch's visitors send them; the last level floods the
//    collector back to back, for scale: it is the stack's ceiling, not a load it sustains. A level is
//    sustained when every beacon offered was sent and accepted (202) and the consumer kept pace: the
//    queue drained within DRAIN_SUSTAINED_MS of the load stopping (the queue's batch timeout, 2 s, plus
//    one batch's work). The goal is read at the heaviest sustained level. The queue drains between
//    levels.
// 2. The collector's answer time (p50/p99) at each level, and the events per second it accepted.
// 3. D1 statements per 1,000 accepted events: the new design counted live by the test-only probe in
//    front of the consumer's ANALYTICS_DB (scripts/local-stack/instruments.mjs) plus the site's direct
//    writes (none while the queue works) and its limiter (a Durable Object: none); today's design
//    replayed on a Miniflare D1 with the site's migrations (its triggers included): per batch, the
//    rate-limit upsert and the multi-row inserts of 9 rows (D1's 100 bound parameters, 11 columns).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { Miniflare } from "miniflare";
import { applyMigrations as applyD1Migrations } from "../lib/d1-migrations.mjs";
import { startLocalStack } from "../local-stack/index.mjs";
import { d1Probe } from "../local-stack/instruments.mjs";
import { beacon } from "./beacons.mjs";
import { postOnce } from "./http.mjs";
import { median, percentile } from "./stats.mjs";

const SIGN_UPS_PER_ROUND = 100;
const SIGN_UP_CONCURRENCY = 4;
/**
 * A launch (issue 19): 100 visitors a second, each sending a few beacons of up to 20 events (the
 * browser's sink flushes every 5 s), so about 300 beacons a second. The paced levels climb to twice
 * that; the flood is the ceiling, shown for scale.
 */
const LOAD_LEVELS = [
  { mode: "paced", beaconsPerSecond: 75, eventsPerBeacon: 10 },
  { mode: "paced", beaconsPerSecond: 150, eventsPerBeacon: 10 },
  { mode: "paced", beaconsPerSecond: 300, eventsPerBeacon: 10 },
  { mode: "paced", beaconsPerSecond: 600, eventsPerBeacon: 10 },
  { mode: "flood", clients: 24, eventsPerBeacon: 50 },
];
/** How long the load runs before the sign-ups start under it (steady state). */
const LOAD_WARM_UP_MS = 1_500;
const DRAIN_SUSTAINED_MS = 3_000;
/** Today's design's statements per event do not depend on the number of batches. */
const REPLAYED_BATCHES = 400;
const REPLAYED_EVENTS_PER_BATCH = 50;
export const SIGNUP_P99_RATIO_GOAL = 1.5;
export const STATEMENTS_PER_1000_GOAL = 20;

async function until(ready, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`bench: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
          "CF-Connecting-IP": `198.19.${round}.${i + 1}`,
        }).catch((error) => ({ status: `error: ${error.message}` }));
        latencies.push(performance.now() - started);
        statuses.push(response.status);
      }
    }),
  );
  return { latencies, statuses };
}

/** Starts a level's beacons in a worker thread; `stop()` resolves to its figures once every answer is in. */
function startBeaconLoad(origin, round, level) {
  const worker = new Worker(new URL("./beacon-load.mjs", import.meta.url), { workerData: { origin, round, ...level } });
  let answered = 0;
  const result = new Promise((resolve, reject) => {
    worker.on("message", (message) => {
      if (message.done) resolve(message);
      else answered = message.answered;
    });
    worker.on("error", reject);
  });
  return {
    answered: () => answered,
    async stop() {
      worker.postMessage("stop");
      const figures = await result;
      await worker.terminate();
      return figures;
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
      const batch = beacon(b, REPLAYED_EVENTS_PER_BATCH).events;
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
  progress(`pipeline: replaying today's design for ${REPLAYED_BATCHES} batches of ${REPLAYED_EVENTS_PER_BATCH} events`);
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
    for (const [round, load] of LOAD_LEVELS.entries()) {
      progress(`pipeline: level ${round + 1}/${LOAD_LEVELS.length}: ${SIGN_UPS_PER_ROUND} sign-ups alone, then under ${describeLoad(load)}`);
      const level = { load, alone: await signUpRound(origin, round * 2, "alone") };
      const beacons = startBeaconLoad(origin, round, load);
      // The load is at its steady state before the sign-ups start.
      await new Promise((resolve) => setTimeout(resolve, LOAD_WARM_UP_MS));
      await until(() => beacons.answered() >= 20, 60_000, "the analytics load starting");
      level.loaded = await signUpRound(origin, round * 2 + 1, "loaded");
      level.collector = await beacons.stop();
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
    levels: levels.map((level) => {
      const { collector } = level;
      const beaconsAccepted = collector.statuses["202"] ?? 0;
      return {
        load: level.load,
        alone: { ...summary(level.alone.latencies), failed: failed(level.alone.statuses) },
        loaded: { ...summary(level.loaded.latencies), failed: failed(level.loaded.statuses) },
        collector: {
          ...summary(collector.latencies),
          statuses: collector.statuses,
          sent: collector.sent,
          dropped: collector.dropped,
          accepted: collector.accepted,
          beaconsPerSecond: beaconsAccepted / (collector.ms / 1000),
          eventsPerSecond: collector.accepted / (collector.ms / 1000),
        },
        drainMs: level.drainMs,
        sustained: level.load.mode === "paced" && collector.dropped === 0 && beaconsAccepted === collector.sent && level.drainMs <= DRAIN_SUSTAINED_MS,
      };
    }),
    statements: {
      newDesign: { statements: newStatements, consumer: consumer.state.statements, direct: directWrites.state.statements, events: accepted, per1000: (newStatements / accepted) * 1000 },
      todaysDesign: { ...old, per1000: (old.statements / old.events) * 1000, rowsWrittenPer1000: (old.rowsWritten / old.events) * 1000 },
    },
    settings: { signUpsPerRound: SIGN_UPS_PER_ROUND, signUpConcurrency: SIGN_UP_CONCURRENCY, drainSustainedMs: DRAIN_SUSTAINED_MS },
  };
}

function describeLoad(load) {
  return load.mode === "paced"
    ? `${load.beaconsPerSecond} beacons/s of ${load.eventsPerBeacon} events (paced)`
    : `${load.clients} clients flooding beacons of ${load.eventsPerBeacon} events back to back (the ceiling)`;
}

/** The section's lines and its summary rows. */
export function pipelineReport(figures, ms) {
  const { levels, statements, settings } = figures;
  const ratioOf = (level) => level.loaded.p99 / level.alone.p99;
  const failedAt = (level) => level.alone.failed + level.loaded.failed;
  const ratioText = (level) => `${ratioOf(level).toFixed(2)} (${ms(level.loaded.p99)} ÷ ${ms(level.alone.p99)} ms), ${failedAt(level)} failed`;
  // The goal is read at the heaviest level the stack sustains (see the file's head); every other level
  // is shown for scale, so noise that favours one level cannot pick it.
  const heaviest = levels.filter((level) => level.sustained).at(-1);
  const section = [
    `Analytics pipeline (issue 19) · local stack · per level: ${settings.signUpsPerRound} sign-ups (${settings.signUpConcurrency} at a time) alone, then under the level's beacons (from a worker thread)`,
    `  sustained = every beacon offered was sent and answered 202, and the queue drained within ${settings.drainSustainedMs / 1000} s of the load stopping`,
    ...levels.flatMap((level) => [
      `  ${describeLoad(level.load)}: ${level.collector.accepted.toLocaleString("en")} events accepted (${Math.round(level.collector.beaconsPerSecond).toLocaleString("en")} beacons/s, ${Math.round(level.collector.eventsPerSecond).toLocaleString("en")} events/s; statuses ${JSON.stringify(level.collector.statuses)}${level.collector.dropped ? `, ${level.collector.dropped} not offered: too many waiting` : ""}), queue drained ${(level.drainMs / 1000).toFixed(1)} s after the load stopped · ${level.sustained ? "sustained" : "not sustained"}`,
      `    sign-ups alone p50 / p99        ${ms(level.alone.p50)} / ${ms(level.alone.p99)} ms (${level.alone.n}, ${level.alone.failed} failed)`,
      `    sign-ups under load p50 / p99   ${ms(level.loaded.p50)} / ${ms(level.loaded.p99)} ms (${level.loaded.n}, ${level.loaded.failed} failed); p99 ratio ${ratioOf(level).toFixed(2)}`,
      `    collector answer p50 / p99      ${ms(level.collector.p50)} / ${ms(level.collector.p99)} ms (${level.collector.n} beacons)`,
    ]),
    `  D1 statements per 1,000 events, today's design (replayed)   ${statements.todaysDesign.per1000.toFixed(1)} (${Math.round(statements.todaysDesign.rowsWrittenPer1000).toLocaleString("en")} rows written)`,
    `  D1 statements per 1,000 events, new design (counted)        ${statements.newDesign.per1000.toFixed(2)} (consumer ${statements.newDesign.consumer}, site ${statements.newDesign.direct}, for ${statements.newDesign.events.toLocaleString("en")} events)`,
  ];
  const rows = [
    heaviest
      ? {
          figure: `Sign-up p99 under analytics load ÷ alone (the heaviest sustained: ${describeLoad(heaviest.load)})`,
          value: ratioText(heaviest),
          goal: `≤ ${SIGNUP_P99_RATIO_GOAL}, none failing`,
          status: ratioOf(heaviest) <= SIGNUP_P99_RATIO_GOAL && failedAt(heaviest) === 0 ? "met" : "missed",
        }
      : { figure: "Sign-up p99 under analytics load ÷ alone", value: "no level sustained", goal: `≤ ${SIGNUP_P99_RATIO_GOAL}, none failing`, status: "missed" },
    ...levels
      .filter((level) => level !== heaviest)
      .map((level) => ({ figure: `  for scale: ${describeLoad(level.load)}${level.sustained ? "" : ", not sustained"}`, value: ratioText(level), goal: "for scale", status: "n/a" })),
    { figure: "D1 statements per 1,000 accepted events (new design)", value: `${statements.newDesign.per1000.toFixed(2)} (today's: ${statements.todaysDesign.per1000.toFixed(1)})`, goal: `≤ ${STATEMENTS_PER_1000_GOAL}`, status: statements.newDesign.per1000 <= STATEMENTS_PER_1000_GOAL ? "met" : "missed" },
    ...(heaviest
      ? [{ figure: `Collector answer time p50 / p99 (${describeLoad(heaviest.load)})`, value: `${ms(heaviest.collector.p50)} / ${ms(heaviest.collector.p99)} ms`, goal: "for scale", status: "n/a" }]
      : []),
  ];
  return { section, rows };
}
