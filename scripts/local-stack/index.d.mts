// Types for index.mjs (the local stack).
import type { Miniflare, WorkerOptions } from "miniflare";

export const CONTROL_PREFIX: string;

export interface LocalStackOptions {
  host?: string;
  /** 8788 by default; 0 picks a free port. */
  port?: number;
  stateDir?: string;
  /** Variables for both workers, over wrangler.toml's [vars] and .dev.vars. */
  vars?: Record<string, string>;
  /** The .dev.vars path; false reads none. */
  devVars?: string | false;
  siteConfig?: string;
  jobsConfig?: string;
  siteDir?: string;
  assetsDir?: string;
  /** The jobs worker's module (default build/jobs/index.js). */
  jobsScript?: string;
  /** Fire the jobs worker's Cron Triggers on schedule (default true). */
  crons?: boolean;
  /** Answer POST /__stack/scheduled (default false). */
  testHooks?: boolean;
  logLevel?: "none" | "error" | "warn" | "info" | "debug";
  /** Tests only: returns the Miniflare workers to run, given the stack's (site, jobs, …). */
  extendWorkers?: (workers: WorkerOptions[]) => WorkerOptions[];
}

export interface LocalStack {
  url: URL;
  mf: Miniflare;
  /** Runs the jobs worker's scheduled() once, now (cron: its first Cron Trigger by default). */
  runScheduled(options?: { cron?: string; scheduledTime?: Date }): Promise<{ outcome: string; noRetry: boolean }>;
  /** Restarts the workers with fresh code and configuration (D1/KV/R2 persist, queues do not). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export function startLocalStack(options?: LocalStackOptions): Promise<LocalStack>;
