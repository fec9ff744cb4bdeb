// Types for analytics-process.mjs (the local stack's second workerd process, ADR 0040).
import type { WorkerOptions } from "miniflare";

export const ANALYTICS_PROCESS: Readonly<{ paths: string[]; d1Bindings: string[]; queueBindings: string[] }>;
export const ANALYTICS_PROCESS_BINDING: string;
/** The nice value of the analytics process's threads. */
export const ANALYTICS_PROCESS_NICENESS: number;
/** The source of `sendAcross(target, request)`, evaluated inside workerd by each module that reaches the other process. */
export const SEND_ACROSS: string;
/** The most of a body the site process passes on to the analytics process. */
export const MAX_PASSED_BODY_BYTES: number;
export interface SplitPlan {
  key: string;
  gatewayPorts: { site: number; analytics: number };
  analyticsPort: number;
}
export interface Ownership {
  d1Ids: Set<string>;
  queues: Set<string>;
}
export function analyticsEntrySource(): string;
export function forwardingEntrySource(siteExpression: string): string;
export function splitPlan(freePort: () => Promise<number>): Promise<SplitPlan>;
export function analyticsOwnership(site: WorkerOptions, jobs: WorkerOptions): Ownership;
export function processWorkers(workers: WorkerOptions[], side: "site" | "analytics", split: { ownership: Ownership; plan: SplitPlan }): WorkerOptions[];
