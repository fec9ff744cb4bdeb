// The machine: how busy it is (the share of all CPUs' time not idle over a short window), and what it is.
import { arch, cpus, release, totalmem, type } from "node:os";
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

/** One line naming the machine: CPU model and count, memory, OS, Node. */
export function machineDescription() {
  const list = cpus();
  const model = list[0]?.model?.trim() || "unknown CPU";
  return `${list.length} × ${model}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, ${type()} ${release()} (${arch()}), Node ${process.version}`;
}
