// Types for dev-server.mjs.
import type { ChildProcess } from "node:child_process";

export const SITE_CONFIG: string;
export const JOBS_CONFIG: string;
export const DEV_VARS: string;

/** What the Local Explorer answers for one statement (D1's `meta`, rows as objects). */
export interface ExplorerD1Result<Row = Record<string, unknown>> {
  success: true;
  results: Row[];
  meta: { changes: number; last_row_id: number; rows_read: number; rows_written: number; duration: number };
}

export interface ExplorerD1Statement {
  bind(...values: unknown[]): ExplorerD1Statement;
  all<Row = Record<string, unknown>>(): Promise<ExplorerD1Result<Row>>;
  run(): Promise<ExplorerD1Result>;
  first<Row = Record<string, unknown>>(): Promise<Row | null>;
  first<Value = unknown>(column: string): Promise<Value | null>;
}

/** A D1 database of a running dev server, reached from Node (D1's statement shape). */
export interface ExplorerD1 {
  prepare(sql: string): ExplorerD1Statement;
  exec(sql: string): Promise<ExplorerD1Result>;
}

export interface ScheduledOutcome {
  outcome: string;
  noRetry: boolean;
}

export interface DevServerClient {
  origin: string;
  url: URL;
  /** The companion Worker's name and its Cron Triggers. */
  jobsWorker: string;
  crons: string[];
  runScheduled(scheduled?: { cron?: string; scheduledTime?: Date }): Promise<ScheduledOutcome>;
  d1(binding?: "DB" | "ANALYTICS_DB"): ExplorerD1;
}

export interface DevServer extends DevServerClient {
  stateDir: string;
  varsFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface DevServerOptions {
  host?: string;
  port?: number;
  stateDir?: string;
  devVars?: string | false;
  vars?: Record<string, string>;
  crons?: boolean;
  logLevel?: "debug" | "info" | "log" | "warn" | "error" | "none";
  output?: (chunk: string) => void;
  https?: { keyFile: string; certificateFile: string };
}

export function devServerAt(origin: string): DevServerClient;
export function startDevServer(options?: DevServerOptions): Promise<DevServer>;
