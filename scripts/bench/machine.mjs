// How busy the machine is: the share of all CPUs' time not idle over a short window.
import { cpus } from "node:os";
import { setTimeout as delay } from "node:timers/promises";

const totals = () =>
  cpus().reduce(
    (sum, { times }) => {
      sum.idle += times.idle;
      sum.all += times.user + times.nice + times.sys + times.idle + times.irq;
      return sum;
    },
    { idle: 0, all: 0 },
  );

/** Fraction (0..1) of CPU time spent busy, machine-wide, over the next `ms` milliseconds. */
export async function cpuBusy(ms = 1000) {
  const before = totals();
  await delay(ms);
  const after = totals();
  const all = after.all - before.all;
  return all > 0 ? 1 - (after.idle - before.idle) / all : NaN;
}
