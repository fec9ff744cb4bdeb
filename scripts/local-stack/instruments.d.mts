// Types for instruments.mjs (tests and the benchmark only).
import type { WorkerOptions } from "miniflare";

export interface D1ProbeState {
  statements: number;
  calls: number;
  failures: number;
  failUntil: number;
  target: { text: string; times: number; failed: number } | null;
  loseReply: boolean;
  lostReplies: number;
}
export function d1Probe(options: { worker: string; binding: string }): {
  state: D1ProbeState;
  /** The name of a worker with the same database under the same binding, unprobed (for reads from Node). */
  reader: string;
  failFor(ms: number): void;
  failBatchContaining(text: string, times: number): void;
  loseReplyOnce(): void;
  resetCounts(): void;
  extend(workers: WorkerOptions[]): WorkerOptions[];
};

export interface ConsumerGateState {
  stopped: boolean;
  waiting: number;
  inFlight: number;
  batches: number;
  delivered: number;
  acked: Set<string>;
}
export function consumerGate(options: { queue: string; jobsWorker?: string }): {
  state: ConsumerGateState;
  stop(): void;
  start(): void;
  extend(workers: WorkerOptions[]): WorkerOptions[];
};
