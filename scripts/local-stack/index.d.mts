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
  /** Run the analytics path in a second workerd process (ADR 0040), as `npm start` does (default false). */
  analyticsProcess?: boolean;
  /**
   * With `analyticsProcess`: the nice value of the analytics process's threads (default
   * ANALYTICS_PROCESS_NICENESS, 10); the bench's comparison passes 0, the site process's own.
   */
  analyticsNiceness?: number;
  /**
   * Tests only: returns the Miniflare workers to run in a process, given the stack's (site, jobs, …)
   * and the process ("site", the only one unless `analyticsProcess`, or "analytics").
   */
  extendWorkers?: (workers: WorkerOptions[], process: "site" | "analytics") => WorkerOptions[];
}

export interface LocalStack {
  url: URL;
  mf: Miniflare;
  /** The instance that owns the analytics path: its own with `analyticsProcess`, else `mf`. */
  analyticsMf: Miniflare;
  /** Runs the jobs worker's scheduled() once, now (cron: its first Cron Trigger by default). */
  runScheduled(options?: { cron?: string; scheduledTime?: Date }): Promise<{ outcome: string; noRetry: boolean }>;
  /** Restarts the workers with fresh code and configuration (D1/KV/R2 persist, queues do not). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export function startLocalStack(options?: LocalStackOptions): Promise<LocalStack>;
