// The analytics pipeline section of `npm run bench` (issue 19, ADR 0037, ADR 0040), on the local
// stack as `npm start` runs it (the site in one workerd process, the analytics path in another), all
// side by side in one run:
//
// 1. Sign-up latency alone and under analytics load, at each of LOAD_LEVELS, in ROUNDS_PER_LEVEL
//    rounds per paced level: a round of sign-ups (SIGN_UP_CONCURRENCY at a time, each from its own
//    address) on an idle stack, then one while the level's beacons arrive; p50/p99 of each, their
//    ratio, and every sign-up's status; a level's figure is the median of its rounds' ratios. The load
//    comes from a worker thread (beacon-load.mjs), so it never delays the sign-ups' own timing. The
//    paced levels offer beacons at a fixed rate, as a launch's visitors send them; the last level
//    floods the collector back to back, for scale: it is the stack's ceiling, not a load it sustains.
//    A level is sustained when, in every round, every beacon offered was sent and accepted (202) and
//    the consumer kept pace: the queue drained within DRAIN_SUSTAINED_MS of the load stopping (the
//    queue's batch timeout, 2 s, plus one batch's work). The goal is read at the heaviest sustained
//    level. The queue drains between rounds.
//    Then the comparisons, at COMPARED_LEVELS: the same rounds on other stacks (COMPARISONS), each in
//    a child process of the bench (analytics-stack-process.mjs) started once the stack before it is
//    closed: the two processes with the analytics one at the site's CPU priority (what its lower
//    priority buys), and the stack as the tests run it, everything in one workerd process (what the
//    second process buys).
// 2. The collector's answer time (p50/p99) at each level, and the events per second it accepted.
// 3. D1 statements per 1,000 accepted events: the new design counted live by the test-only probe in
//    front of the consumer's ANALYTICS_DB (scripts/local-stack/instruments.mjs) plus the site's direct
//    writes (none while the queue works) and its limiter (a Durable Object: none); today's design
//    replayed on a Miniflare D1 with the site's migrations (its triggers included): per batch, the
//    rate-limit upsert and the multi-row inserts of 9 rows (D1's 100 bound parameters, 11 columns).
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { Miniflare } from "miniflare";
import { applyMigrations as applyD1Migrations } from "../lib/d1-migrations.mjs";
import { startLocalStack } from "../local-stack/index.mjs";
import { d1Probe } from "../local-stack/instruments.mjs";
import { beacon } from "./beacons.mjs";
import { postOnce } from "./http.mjs";
import { median, percentile } from "./stats.mjs";

/**
 * A p99 of 100 sign-ups is their second slowest, so one stall decides it; of 400 it is the fourth
 * slowest, a steadier figure for the same few seconds per round.
 */
const SIGN_UPS_PER_ROUND = 400;
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
/** A p99 still turns on a few stalls, so each paced level is measured this many times. */
const ROUNDS_PER_LEVEL = 3;
/** The levels of the comparisons. */
const COMPARED_LEVELS = LOAD_LEVELS.filter((load) => load.mode === "paced" && load.beaconsPerSecond <= 150);
/**
 * The stacks measured next to the one under test, by key: what they are called in the report, and
 * their options over benchStackOptions (the stack under test: `analyticsProcess`, at the analytics
 * process's own priority).
 */
export const COMPARISONS = {
  "same-priority": { title: "the two processes, the analytics one at the site's CPU priority (nice 0)", short: "two processes at one priority", options: { analyticsProcess: true, analyticsNiceness: 0 } },
  "one-process": { title: "everything in one workerd process, as the tests run it", short: "everything in one workerd process", options: {} },
};
/**
 * The local stack's options in this section (the stack under test adds its analytics process):
 * limits no bench client reaches, no crons, errors only.
 */
export function benchStackOptions(stateDir) {
  const vars = { APP_ENV: "test", WAITLIST_RATE_LIMIT_MAX: "100000", ANALYTICS_RATE_LIMIT_MAX: "100000", ANALYTICS_EVENTS_PER_CLIENT_PER_DAY: "100000000" };
  return { port: 0, stateDir, devVars: false, crons: false, logLevel: "error", vars };
}

/**
 * The events stored in an analytics database, read from Node through Miniflare's loopback proxy,
 * which can drop a request while workerd is saturated: -1 then, and the next poll reads again.
 */
export async function storedEvents(analyticsDb) {
  try {
    return (await analyticsDb.prepare("SELECT count(*) AS n FROM analytics_events").first()).n;
  } catch {
    return -1;
  }
}
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
          // Each sign-up its own client (its own /64, as the limits count IPv6), in the documentation prefix.
          "CF-Connecting-IP": `2001:db8:${round.toString(16)}:${i.toString(16)}::1`,
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

/**
 * One round at a level: sign-ups alone, then while the level's beacons go to `beaconOrigin`; then
 * the queue drains (`stored()` reaches `acceptedBefore` plus this round's accepted events).
 */
async function measureRound({ signUpOrigin, beaconOrigin, load, round, stored, acceptedBefore }) {
  const alone = await signUpRound(signUpOrigin, round * 2, "alone");
  const beacons = startBeaconLoad(beaconOrigin, round, load);
  // The load is at its steady state before the sign-ups start.
  await new Promise((resolve) => setTimeout(resolve, LOAD_WARM_UP_MS));
  await until(() => beacons.answered() >= 20, 60_000, "the analytics load starting");
  const loaded = await signUpRound(signUpOrigin, round * 2 + 1, "loaded");
  const collector = await beacons.stop();
  // The queue drains before the next quiet round (so "alone" is alone).
  const drainStart = performance.now();
  await until(async () => (await stored()) >= acceptedBefore + collector.accepted, 600_000, "the consumer catching up");
  return { alone, loaded, collector, drainMs: performance.now() - drainStart };
}

/**
 * A comparison's stack (a key of COMPARISONS) in a child process (analytics-stack-process.mjs), with
 * its own state. Resolves with { origin, stored(), close() }.
 */
async function startStackProcess(comparison, stateDir) {
  const child = fork(fileURLToPath(new URL("./analytics-stack-process.mjs", import.meta.url)), [comparison, stateDir], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const nextMessage = () =>
    new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`bench: the second stack exited (${code})`));
      child.once("exit", onExit);
      child.once("message", (message) => {
        child.off("exit", onExit);
        resolve(message);
      });
    });
  const { url } = await nextMessage();
  return {
    origin: url,
    async stored() {
      child.send("count");
      return (await nextMessage()).stored;
    },
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("close");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      child.kill("SIGKILL");
    },
  };
}

/**
 * The whole section's figures. `stateDir` holds migrated databases (both) for the stack under test;
 * `comparisonStateDirs` another set for each comparison, by its key in COMPARISONS.
 */
export async function measureAnalyticsPipeline({ stateDir, comparisonStateDirs, progress }) {
  // Miniflare's Node-side proxy does not survive a second instance in the process after a stack
  // under load, so today's design is replayed first, on its own instance.
  progress(`pipeline: replaying today's design for ${REPLAYED_BATCHES} batches of ${REPLAYED_EVENTS_PER_BATCH} events`);
  const old = await todaysDesign(REPLAYED_BATCHES);
  // The probes count ANALYTICS_DB's statements where that database lives: in the analytics process.
  const consumer = d1Probe({ worker: "jobs", binding: "ANALYTICS_DB" });
  const directWrites = d1Probe({ worker: "site", binding: "ANALYTICS_DB" });
  const stack = await startLocalStack({
    ...benchStackOptions(stateDir),
    analyticsProcess: true,
    extendWorkers: (workers, process) => (process === "analytics" ? directWrites.extend(consumer.extend(workers)) : workers),
  });
  const analytics = await stack.analyticsMf.getD1Database("ANALYTICS_DB", consumer.reader);
  let levels = [];
  const comparisons = [];
  let accepted = 0;
  let round = 0;
  /**
   * Every round of `loads` (ROUNDS_PER_LEVEL per paced level, one flood) on `target` ({ origin,
   * stored() }): its sign-ups and its beacons. Resolves with { levels, accepted }.
   */
  async function measureLevels(loads, target, label) {
    const measured = [];
    let acceptedThere = 0;
    for (const load of loads) {
      const rounds = load.mode === "paced" ? ROUNDS_PER_LEVEL : 1;
      const level = { load, rounds: [] };
      for (let r = 0; r < rounds; r++) {
        progress(`pipeline: ${label}${describeLoad(load)}, round ${r + 1}/${rounds}: ${SIGN_UPS_PER_ROUND} sign-ups alone, then under it`);
        const result = await measureRound({ signUpOrigin: target.origin, beaconOrigin: target.origin, load, round: round++, stored: target.stored, acceptedBefore: acceptedThere });
        acceptedThere += result.collector.accepted;
        level.rounds.push(result);
      }
      measured.push(level);
    }
    return { levels: measured, accepted: acceptedThere };
  }
  try {
    const origin = stack.url.origin;
    await signUpRound(origin, 250, "warm-up");
    ({ levels, accepted } = await measureLevels(LOAD_LEVELS, { origin, stored: () => storedEvents(analytics) }, ""));
  } finally {
    await stack.close();
  }
  for (const [key, { title, short }] of Object.entries(COMPARISONS)) {
    let compared;
    try {
      progress(`pipeline: starting the comparison's stack: ${title}`);
      compared = await startStackProcess(key, comparisonStateDirs[key]);
      // One unmeasured round first, as for the stack under test, so the first "alone" round is alone.
      await signUpRound(compared.origin, 251 + comparisons.length, "warm-up");
      const { levels: measured } = await measureLevels(COMPARED_LEVELS, compared, `${key}, `);
      comparisons.push({ title, short, levels: measured.map(levelFigures) });
    } finally {
      await compared?.close();
    }
  }
  const newStatements = consumer.state.statements + directWrites.state.statements;
  return {
    levels: levels.map(levelFigures),
    comparisons,
    statements: {
      newDesign: { statements: newStatements, consumer: consumer.state.statements, direct: directWrites.state.statements, events: accepted, per1000: (newStatements / accepted) * 1000 },
      todaysDesign: { ...old, per1000: (old.statements / old.events) * 1000, rowsWrittenPer1000: (old.rowsWritten / old.events) * 1000 },
    },
    settings: { signUpsPerRound: SIGN_UPS_PER_ROUND, signUpConcurrency: SIGN_UP_CONCURRENCY, drainSustainedMs: DRAIN_SUSTAINED_MS, roundsPerLevel: ROUNDS_PER_LEVEL },
  };
}

const latencySummary = (latencies) => ({ p50: median(latencies), p99: percentile(latencies, 99), n: latencies.length });
const failedCount = (statuses) => statuses.filter((status) => status !== 200).length;

/** A round's figures: both sign-up rounds, the collector's, the drain, and whether it was sustained. */
function roundFigures({ alone, loaded, collector, drainMs }, load) {
  const beaconsAccepted = collector.statuses["202"] ?? 0;
  const figures = {
    alone: { ...latencySummary(alone.latencies), failed: failedCount(alone.statuses) },
    loaded: { ...latencySummary(loaded.latencies), failed: failedCount(loaded.statuses) },
    collector: {
      ...latencySummary(collector.latencies),
      statuses: collector.statuses,
      sent: collector.sent,
      dropped: collector.dropped,
      accepted: collector.accepted,
      beaconsPerSecond: beaconsAccepted / (collector.ms / 1000),
      eventsPerSecond: collector.accepted / (collector.ms / 1000),
    },
    drainMs,
    sustained: load.mode === "paced" && collector.dropped === 0 && beaconsAccepted === collector.sent && drainMs <= DRAIN_SUSTAINED_MS,
  };
  return { ...figures, ratio: figures.loaded.p99 / figures.alone.p99, failed: figures.alone.failed + figures.loaded.failed };
}

/** A level's figures: its rounds, their median p99 ratio, and sustained when every round was. */
function levelFigures({ load, rounds }) {
  const figures = rounds.map((round) => roundFigures(round, load));
  return {
    load,
    rounds: figures,
    medianRatio: median(figures.map((round) => round.ratio)),
    failed: figures.reduce((sum, round) => sum + round.failed, 0),
    sustained: figures.every((round) => round.sustained),
  };
}

function describeLoad(load) {
  return load.mode === "paced"
    ? `${load.beaconsPerSecond} beacons/s of ${load.eventsPerBeacon} events (paced)`
    : `${load.clients} clients flooding beacons of ${load.eventsPerBeacon} events back to back (the ceiling)`;
}

/** The section's lines and its summary rows. */
export function pipelineReport(figures, ms) {
  const { levels, comparisons, statements, settings } = figures;
  const ratios = (level) => level.rounds.map((round) => round.ratio.toFixed(2)).join(", ");
  const ratioText = (level) => `median ${level.medianRatio.toFixed(2)} of ${level.rounds.length} (${ratios(level)}), ${level.failed} failed`;
  const meetsGoal = (level) => level.medianRatio <= SIGNUP_P99_RATIO_GOAL && level.failed === 0;
  // The goal is read at the heaviest level the stack sustains (see the file's head); every other level
  // is shown for scale, so noise that favours one level cannot pick it.
  const heaviest = levels.filter((level) => level.sustained).at(-1);
  const roundLines = (round) => [
    `    round: ${round.collector.accepted.toLocaleString("en")} events accepted (${Math.round(round.collector.beaconsPerSecond).toLocaleString("en")} beacons/s, ${Math.round(round.collector.eventsPerSecond).toLocaleString("en")} events/s; statuses ${JSON.stringify(round.collector.statuses)}${round.collector.dropped ? `, ${round.collector.dropped} not offered: too many waiting` : ""}), queue drained ${(round.drainMs / 1000).toFixed(1)} s after the load stopped · ${round.sustained ? "sustained" : "not sustained"}`,
    `      sign-ups alone p50 / p99        ${ms(round.alone.p50)} / ${ms(round.alone.p99)} ms (${round.alone.n}, ${round.alone.failed} failed)`,
    `      sign-ups under load p50 / p99   ${ms(round.loaded.p50)} / ${ms(round.loaded.p99)} ms (${round.loaded.n}, ${round.loaded.failed} failed); p99 ratio ${round.ratio.toFixed(2)}`,
    `      collector answer p50 / p99      ${ms(round.collector.p50)} / ${ms(round.collector.p99)} ms (${round.collector.n} beacons)`,
  ];
  const levelLines = (level) => [`  ${describeLoad(level.load)}: p99 ratio ${ratioText(level)} · ${level.sustained ? "sustained" : "not sustained"}`, ...level.rounds.flatMap(roundLines)];
  const section = [
    `Analytics pipeline (issue 19) · local stack · per round: ${settings.signUpsPerRound} sign-ups (${settings.signUpConcurrency} at a time) alone, then under the level's beacons (from a worker thread); ${settings.roundsPerLevel} rounds per paced level`,
    `  sustained = in every round, every beacon offered was sent and answered 202, and the queue drained within ${settings.drainSustainedMs / 1000} s of the load stopping`,
    "  The stack as `npm start` runs it (the site in one workerd process, the analytics path in another):",
    ...levels.flatMap(levelLines),
    ...comparisons.flatMap((comparison) => [`  Comparison: the same rounds on ${comparison.title}:`, ...comparison.levels.flatMap(levelLines)]),
    `  D1 statements per 1,000 events, today's design (replayed)   ${statements.todaysDesign.per1000.toFixed(1)} (${Math.round(statements.todaysDesign.rowsWrittenPer1000).toLocaleString("en")} rows written)`,
    `  D1 statements per 1,000 events, new design (counted)        ${statements.newDesign.per1000.toFixed(2)} (consumer ${statements.newDesign.consumer}, site ${statements.newDesign.direct}, for ${statements.newDesign.events.toLocaleString("en")} events)`,
  ];
  const collectorText = (level) => {
    const p50s = level.rounds.map((round) => round.collector.p50);
    const p99s = level.rounds.map((round) => round.collector.p99);
    return `${ms(median(p50s))} / ${ms(median(p99s))} ms (medians of ${level.rounds.length} rounds)`;
  };
  const rows = [
    heaviest
      ? {
          figure: `Sign-up p99 under analytics load ÷ alone (the heaviest sustained: ${describeLoad(heaviest.load)})`,
          value: ratioText(heaviest),
          goal: `≤ ${SIGNUP_P99_RATIO_GOAL}, none failing`,
          status: meetsGoal(heaviest) ? "met" : "missed",
        }
      : { figure: "Sign-up p99 under analytics load ÷ alone", value: "no level sustained", goal: `≤ ${SIGNUP_P99_RATIO_GOAL}, none failing`, status: "missed" },
    ...levels
      .filter((level) => level !== heaviest)
      .map((level) => ({ figure: `  for scale: ${describeLoad(level.load)}${level.sustained ? "" : ", not sustained"}`, value: ratioText(level), goal: "for scale", status: "n/a" })),
    ...comparisons.flatMap((comparison) =>
      comparison.levels.map((level) => ({
        figure: `  for scale: ${comparison.short}, ${describeLoad(level.load)}${level.sustained ? "" : ", not sustained"}`,
        value: ratioText(level),
        goal: "for scale",
        status: "n/a",
      })),
    ),
    { figure: "D1 statements per 1,000 accepted events (new design)", value: `${statements.newDesign.per1000.toFixed(2)} (today's: ${statements.todaysDesign.per1000.toFixed(1)})`, goal: `≤ ${STATEMENTS_PER_1000_GOAL}`, status: statements.newDesign.per1000 <= STATEMENTS_PER_1000_GOAL ? "met" : "missed" },
    ...(heaviest ? [{ figure: `Collector answer time p50 / p99 (${describeLoad(heaviest.load)})`, value: collectorText(heaviest), goal: "for scale", status: "n/a" }] : []),
  ];
  return { section, rows };
}
