/**
 * What a test may change about the companion Worker's handlers in the test runner (test-worker.ts):
 * the environment its queue consumers and cron get, and a gate that holds queue batches back until
 * the test opens it. The state lives on globalThis, because the runner's main module and a test
 * file may load this module as two instances; each test file has a runner of its own.
 */
import type { JobsEnv } from "~/lib/env.server";
import { onTestFinished } from "vitest";

interface Hooks {
  wrapEnv?: (env: JobsEnv) => JobsEnv;
  gates: Map<string, { closed: boolean; held: number }>;
}

const KEY = Symbol.for("linkvault.tests.jobsHooks");
const hooks = ((globalThis as Record<symbol, Hooks>)[KEY] ??= { gates: new Map() });

/** The environment the consumers and the cron get: the runner's, as the test has changed it. */
export function jobsEnv(env: unknown): JobsEnv {
  const jobs = env as JobsEnv;
  return hooks.wrapEnv ? hooks.wrapEnv(jobs) : jobs;
}

/**
 * From now until the current test ends, the consumers and the cron see `wrap(env)` instead of
 * their environment: other variables (`(env) => ({ ...env, EMAIL_API_URL })`), a failing D1.
 */
export function changeJobsEnv(wrap: (env: JobsEnv) => JobsEnv): void {
  hooks.wrapEnv = wrap;
  onTestFinished(() => {
    hooks.wrapEnv = undefined;
  });
}

function gateOf(queue: string) {
  let gate = hooks.gates.get(queue);
  if (!gate) hooks.gates.set(queue, (gate = { closed: false, held: 0 }));
  return gate;
}

/** Waits while the batch's queue is held (the runner's queue handler calls this first). */
export async function passQueueBatch(batch: MessageBatch): Promise<void> {
  const gate = gateOf(batch.queue);
  if (!gate.closed) return;
  gate.held++;
  // Polled on this handler's own timer: the test that opens the gate runs in another I/O context,
  // and workerd refuses to resolve this handler's promise from there.
  while (gate.closed) await new Promise((resolve) => setTimeout(resolve, 20));
  gate.held--;
}

/**
 * Holds every batch of `queue` before its consumer runs, until `open()` (or the end of the test):
 * what a queue does while its consumer is down. `held` counts the batches waiting.
 */
export function holdQueue(queue: string): { open(): void; readonly held: number } {
  const gate = gateOf(queue);
  gate.closed = true;
  const open = () => {
    gate.closed = false;
  };
  onTestFinished(open);
  return {
    open,
    get held() {
      return gate.held;
    },
  };
}
