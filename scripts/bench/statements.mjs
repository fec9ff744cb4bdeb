// The statements section of `npm run bench` (issue 29): the D1 statements production pays, counted in
// workerd by the integration tests themselves. Each counting test puts a probe in front of each real
// binding (tests/support/d1-probe.ts), runs the real site, consumer or sender, asserts the counts and
// publishes them as annotations ("<n> statements in <m> calls[ for <count> <unit>]", Vitest's
// `annotate`). The bench runs just those tests and reads the annotations back through
// annotations-reporter.mjs, so the tests are the one source of these figures. The analytics
// consumer's batch size comes from the companion Worker's wrangler config.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { JOBS_CONFIG, SITE_CONFIG } from "../lib/dev-server.mjs";
import { run } from "../lib/run.mjs";
import { table } from "./report.mjs";

/** The describe blocks that count statements, by file. */
export const COUNTING_TESTS = [
  { file: "tests/integration/analytics-pipeline.test.ts", block: "D1 statements, counted at the bindings" },
  { file: "tests/integration/email-statements.test.ts", block: "D1 statements per person, counted at the binding" },
  { file: "tests/integration/admin-analytics-funnel.test.ts", block: "D1 statements of the funnel, counted at the bindings" },
];

/** The published counts the summary reads, by the figure's name (the annotation's type). */
export const FIGURES = {
  signUpOff: "a sign-up, email off: the site's DB",
  signUpOffAnalytics: "a sign-up, email off: the site's ANALYTICS_DB",
  signUpOn: "a sign-up, email on: the site's DB",
  signUpOnAnalytics: "a sign-up, email on: the site's ANALYTICS_DB",
  confirmations: "sign-ups with email on, delivering the confirmations (claim, check, pin, pace, mark): DB",
  eventsDb: "POST /api/events: the site's DB",
  eventsAnalytics: "POST /api/events: the site's ANALYTICS_DB",
  fullBatch: "the consumer, a batch of 100 messages: ANALYTICS_DB",
  announcementPost: "an announcement, the owner's post (campaign, outbox rows): DB",
  announcementDelivery: "an announcement, its delivery (claim, check, pin, pace, mark): DB",
};
export const STATEMENTS_PER_1000_EVENTS_GOAL = 20;

const VITEST_BIN = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const REPORTER = "./scripts/bench/annotations-reporter.mjs";
const COUNT = /^(\d+) statements in (\d+) calls(?: for (\d+) (.+))?$/;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The counts the tests published: [{ test, figure, statements, calls, count, unit }] in the order
 * published (count 1 and unit "request" when an annotation names none). Throws when a counting test
 * failed or did not run.
 */
export function readCounts(tests) {
  const counting = tests.filter((test) => COUNTING_TESTS.some(({ file, block }) => test.file.endsWith(file) && test.name.startsWith(`${block} > `)));
  if (counting.length === 0) throw new Error("bench: no statement-counting test ran");
  const notPassed = counting.filter((test) => test.state !== "passed");
  if (notPassed.length) throw new Error(`bench: statement-counting tests did not pass: ${notPassed.map((test) => `${test.name} (${test.state})`).join("; ")}`);
  return counting.flatMap((test) =>
    test.annotations.map(({ type, message }) => {
      const match = COUNT.exec(message);
      if (!match) throw new Error(`bench: "${test.name}" published "${type}: ${message}", not "<n> statements in <m> calls[ for <count> <unit>]"`);
      return { test: test.name, figure: type, statements: Number(match[1]), calls: Number(match[2]), count: Number(match[3] ?? 1), unit: match[4] ?? "request" };
    }),
  );
}

/** The queue consumers of the companion Worker's config, and which one the site's analytics producer feeds. */
export function queueConsumers() {
  const jobs = experimental_readRawConfig({ config: JOBS_CONFIG }).rawConfig;
  const site = experimental_readRawConfig({ config: SITE_CONFIG }).rawConfig;
  const analyticsQueue = site.queues?.producers?.find((producer) => producer.binding === "ANALYTICS_QUEUE")?.queue;
  const consumers = (jobs.queues?.consumers ?? []).map((consumer) => ({
    queue: consumer.queue,
    maxBatchSize: consumer.max_batch_size,
    maxBatchTimeout: consumer.max_batch_timeout,
    maxRetries: consumer.max_retries,
    deadLetterQueue: consumer.dead_letter_queue ?? null,
  }));
  const analytics = consumers.find((consumer) => consumer.queue === analyticsQueue);
  if (!analytics) throw new Error(`bench: ${JOBS_CONFIG} has no consumer of the site's ANALYTICS_QUEUE (${analyticsQueue})`);
  return { consumers, analytics };
}

/** Runs the counting tests in workerd (`vitest --project workers`); their counts and the queue consumers. */
export async function measureStatements({ workDir }) {
  const outputFile = join(workDir, "statement-counts.json");
  const pattern = COUNTING_TESTS.map(({ block }) => escapeRegExp(block)).join("|");
  // The default reporter too: its output is shown if a test fails.
  await run(
    process.execPath,
    [VITEST_BIN, "run", "--project", "workers", ...COUNTING_TESTS.map(({ file }) => file), "--testNamePattern", pattern, "--reporter=default", `--reporter=${REPORTER}`, `--outputFile=${outputFile}`],
    { quiet: true },
  );
  return { counts: readCounts(JSON.parse(readFileSync(outputFile, "utf8"))), ...queueConsumers() };
}

const singular = (unit) => unit.replace(/s$/, "");
const per = (count, statements, unit) => (unit === "events" ? `${((statements / count) * 1000).toFixed(2)} per 1,000 events` : `${(statements / count).toFixed(count === 1 ? 0 : 3)} per ${singular(unit)}`);

/** The section's lines and its summary rows. */
export function statementsReport({ counts, consumers, analytics }, { note = "(7)" } = {}) {
  const figure = (name) => {
    const found = counts.find((c) => c.figure === name);
    if (!found) throw new Error(`bench: the counting tests published no "${name}"`);
    return found;
  };
  const perUnit = (name) => {
    const { statements, count } = figure(FIGURES[name]);
    return statements / count;
  };
  const section = [
    `D1 statements production pays ${note} · counted in workerd by the integration tests, at each binding`,
    table(
      ["What: database", "Statements", "Calls", "For", "Per unit"],
      counts.map((c) => [c.figure, c.statements, c.calls, `${c.count.toLocaleString("en")} ${c.count === 1 ? singular(c.unit) : c.unit}`, per(c.count, c.statements, c.unit)]),
      ["l", "r", "r", "r", "r"],
    ),
    `Queue consumers (${JOBS_CONFIG})`,
    table(
      ["Queue", "max_batch_size", "max_batch_timeout s", "max_retries", "dead-letter queue"],
      consumers.map((c) => [c.queue, c.maxBatchSize, c.maxBatchTimeout, c.maxRetries ?? "", c.deadLetterQueue ?? ""]),
      ["l", "r", "r", "r", "l"],
    ),
  ];
  const fullBatch = figure(FIGURES.fullBatch);
  const per1000 = (fullBatch.statements / fullBatch.count) * 1000;
  const signUpOn = perUnit("signUpOn") + perUnit("signUpOnAnalytics") + perUnit("confirmations");
  const announcement = perUnit("announcementPost") + perUnit("announcementDelivery");
  const row = (name, value, goal = "reported", status = "n/a") => ({ figure: name, value, goal, status });
  const rows = [
    row("D1 statements per sign-up, email off (DB + ANALYTICS_DB)", `${perUnit("signUpOff")} + ${perUnit("signUpOffAnalytics")}`),
    row("D1 statements per sign-up, email on (request + its confirmation's delivery)", `${signUpOn.toFixed(3)}`),
    row(`D1 statements per 1,000 analytics events (a consumer batch of ${fullBatch.count.toLocaleString("en")} events)`, per1000.toFixed(2), `≤ ${STATEMENTS_PER_1000_EVENTS_GOAL}`, per1000 <= STATEMENTS_PER_1000_EVENTS_GOAL ? "met" : "missed"),
    row("D1 statements per POST /api/events, the site (DB + ANALYTICS_DB)", `${figure(FIGURES.eventsDb).statements} + ${figure(FIGURES.eventsAnalytics).statements}`),
    row("D1 statements per announcement recipient (post + delivery)", announcement.toFixed(3)),
    row(`Analytics consumer batch (${analytics.queue})`, `${analytics.maxBatchSize} messages or ${analytics.maxBatchTimeout} s`),
  ];
  const footnote = [
    `${note} Each count is published by the test that asserts it (Vitest annotations): ${COUNTING_TESTS.map(({ file }) => file).join(", ")}.`,
    "    A probe in front of each real D1 binding (tests/support/d1-probe.ts) counts every statement and every call",
    "    (a batch is one call and one transaction) the real site, consumer or sender makes in workerd, with production's",
    "    bindings: the per-client limits in the Durable Object, beacons through the analytics queue. Deliveries run the",
    "    companion Worker's sender through the Resend stand-in until every message is out, amortised over the people",
    "    reached. Per 1,000 events: the consumer stores a batch, whatever its size, in the same statements; a full batch",
    "    holds max_batch_size beacons (here 10 events each), so fewer events per batch cost more per event.",
  ];
  return { section, footnote, rows };
}
