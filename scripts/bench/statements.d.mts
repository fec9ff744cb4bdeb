// Types for statements.mjs.
export const COUNTING_TESTS: { file: string; block: string }[];
export const FIGURES: Record<
  "signUpOff" | "signUpOffAnalytics" | "signUpOn" | "signUpOnAnalytics" | "confirmations" | "eventsDb" | "eventsAnalytics" | "fullBatch" | "announcementPost" | "announcementDelivery",
  string
>;
export const STATEMENTS_PER_1000_EVENTS_GOAL: number;

/** One test as annotations-reporter.mjs writes it. */
export interface ReportedTest {
  file: string;
  name: string;
  state: string;
  annotations: { type: string; message: string }[];
}

/** One count a test published. */
export interface StatementCount {
  test: string;
  figure: string;
  statements: number;
  calls: number;
  count: number;
  unit: string;
}

export interface QueueConsumer {
  queue: string;
  maxBatchSize: number;
  maxBatchTimeout: number;
  maxRetries?: number;
  deadLetterQueue: string | null;
}

export interface StatementFigures {
  counts: StatementCount[];
  consumers: QueueConsumer[];
  analytics: QueueConsumer;
}

export interface SummaryRow {
  figure: string;
  value: string;
  goal: string;
  status: "met" | "missed" | "n/a";
}

export function readCounts(tests: ReportedTest[]): StatementCount[];
export function queueConsumers(): { consumers: QueueConsumer[]; analytics: QueueConsumer };
export function measureStatements(options: { workDir: string }): Promise<StatementFigures>;
export function statementsReport(figures: StatementFigures, options?: { note?: string }): { section: string[]; footnote: string[]; rows: SummaryRow[] };
