/**
 * The bench's statements section (scripts/bench/statements.mjs): the counts it reads back from the
 * counting tests' annotations, what it refuses, its summary rows, and the queue consumer it reads the
 * batch size of.
 */
import { describe, expect, it } from "vitest";
import { COUNTING_TESTS, FIGURES, queueConsumers, readCounts, statementsReport, type ReportedTest, type StatementCount } from "../../scripts/bench/statements.mjs";

const [analyticsBlock, emailBlock] = COUNTING_TESTS as [(typeof COUNTING_TESTS)[number], (typeof COUNTING_TESTS)[number]];
const reported = (block: (typeof COUNTING_TESTS)[number], name: string, annotations: [type: string, message: string][], state = "passed"): ReportedTest => ({
  file: `/checkout/${block.file}`,
  name: `${block.block} > ${name}`,
  state,
  annotations: annotations.map(([type, message]) => ({ type, message })),
});

describe("readCounts", () => {
  it("reads every count the counting tests published, in order, and nothing from other tests", () => {
    const tests = [
      reported(analyticsBlock, "a sign-up", [[FIGURES.signUpOff, "1 statements in 1 calls"]]),
      { ...reported(analyticsBlock, "x", [["other", "not a count"]]), name: "another block > x" },
      reported(analyticsBlock, "the consumer", [[FIGURES.fullBatch, "4 statements in 1 calls for 1000 events"]]),
      reported(emailBlock, "sign-ups", [[FIGURES.confirmations, "15 statements in 15 calls for 200 sign-ups"]]),
    ];
    expect(readCounts(tests)).toEqual([
      { test: `${analyticsBlock.block} > a sign-up`, figure: FIGURES.signUpOff, statements: 1, calls: 1, count: 1, unit: "request" },
      { test: `${analyticsBlock.block} > the consumer`, figure: FIGURES.fullBatch, statements: 4, calls: 1, count: 1000, unit: "events" },
      { test: `${emailBlock.block} > sign-ups`, figure: FIGURES.confirmations, statements: 15, calls: 15, count: 200, unit: "sign-ups" },
    ]);
  });

  it("refuses a counting test that did not pass, a count in another shape, and a run without counting tests", () => {
    expect(() => readCounts([reported(emailBlock, "sign-ups", [], "failed")])).toThrow(/did not pass: .*sign-ups \(failed\)/);
    expect(() => readCounts([reported(emailBlock, "sign-ups", [], "skipped")])).toThrow(/did not pass/);
    expect(() => readCounts([reported(analyticsBlock, "a sign-up", [[FIGURES.signUpOff, "one statement"]])])).toThrow(/not "<n> statements in <m> calls/);
    expect(() => readCounts([])).toThrow(/no statement-counting test ran/);
  });
});

describe("statementsReport", () => {
  const count = (figure: string, statements: number, calls: number, n = 1, unit = "request"): StatementCount => ({ test: "t", figure, statements, calls, count: n, unit });
  const counts = [
    count(FIGURES.signUpOff, 1, 1),
    count(FIGURES.signUpOffAnalytics, 0, 0),
    count(FIGURES.signUpOn, 2, 1),
    count(FIGURES.signUpOnAnalytics, 0, 0),
    count(FIGURES.confirmations, 15, 15, 200, "sign-ups"),
    count(FIGURES.eventsDb, 0, 0, 20, "events"),
    count(FIGURES.eventsAnalytics, 0, 0, 20, "events"),
    count(FIGURES.fullBatch, 4, 1, 1000, "events"),
    count(FIGURES.announcementPost, 25, 19, 2000, "recipients"),
    count(FIGURES.announcementDelivery, 143, 143, 2000, "recipients"),
  ];
  const analytics = { queue: "linkvault-analytics", maxBatchSize: 100, maxBatchTimeout: 2, maxRetries: 10, deadLetterQueue: "linkvault-analytics-dlq" };

  it("sums each figure of the summary from the published counts, per person and per 1,000 events", () => {
    const { rows } = statementsReport({ counts, consumers: [analytics], analytics });
    expect(rows.map((row) => [row.value, row.status])).toEqual([
      ["1 + 0", "n/a"],
      ["2.075", "n/a"],
      ["4.00", "met"],
      ["0 + 0", "n/a"],
      ["0.084", "n/a"],
      ["100 messages or 2 s", "n/a"],
    ]);
  });

  it("misses the goal above 20 statements per 1,000 events, and fails on a figure no test published", () => {
    const costly = counts.map((c) => (c.figure === FIGURES.fullBatch ? { ...c, statements: 21 } : c));
    expect(statementsReport({ counts: costly, consumers: [analytics], analytics }).rows[2]).toMatchObject({ value: "21.00", status: "missed" });
    expect(() => statementsReport({ counts: counts.slice(1), consumers: [analytics], analytics })).toThrow(`published no "${FIGURES.signUpOff}"`);
  });
});

describe("queueConsumers", () => {
  it("finds the consumer of the queue the site's ANALYTICS_QUEUE sends to, among the companion Worker's", () => {
    const { consumers, analytics } = queueConsumers();
    expect(consumers).toContain(analytics);
    expect(analytics.queue).toBe("linkvault-analytics");
    expect(analytics.maxBatchSize).toBeGreaterThan(0);
  });
});
