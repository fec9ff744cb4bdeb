// CPU time consumed by the dev server's workerd processes, read from Linux's per-thread scheduler
// accounting (/proc/<pid>/task/<tid>/schedstat, field 1: nanoseconds on a CPU).
//
// Why not a timer inside the worker: workerd clamps Date.now()/performance.now() to whole
// milliseconds (and on Cloudflare freezes them between I/O), too coarse for a render of a few ms.
// The kernel counts every nanosecond a workerd thread runs, whatever the worker's clocks say.
import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * The workerd processes of process group `pgid` (the dev server runs wrangler in a group of its own).
 * /proc/<pid>/stat is "pid (comm) state ppid pgrp …", and comm may hold spaces or parentheses.
 */
export function workerdPids(pgid) {
  const pids = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const pgrp = Number(stat.slice(close + 2).split(" ")[2]);
      if (comm === "workerd" && pgrp === pgid) pids.push(Number(name));
    } catch {
      // The process exited while we looked.
    }
  }
  return pids.sort((a, b) => a - b);
}

/** Total on-CPU nanoseconds of every thread of `pid`; throws if the process is gone. */
function processCpuNs(pid) {
  let total = 0n;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += BigInt(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that exited between the listing and the read.
    }
  }
  return total;
}

/**
 * A meter over the workerd processes of process group `pgid`, or null where /proc schedstat is
 * missing (not Linux, or a kernel without CONFIG_SCHED_INFO).
 * read() returns cumulative CPU in ms, or NaN when a workerd process went away (wrangler restarted
 * its runtime after a file change): samples spanning that are discarded.
 */
export function createWorkerdCpuMeter(pgid) {
  if (!existsSync("/proc/self/task") || !existsSync("/proc/self/schedstat")) return null;
  let pids = workerdPids(pgid);
  if (pids.length === 0) return null;
  const meter = {
    restarts: 0,
    get pids() {
      return pids;
    },
    read() {
      try {
        let total = 0n;
        for (const pid of pids) total += processCpuNs(pid);
        return Number(total) / 1e6;
      } catch {
        meter.restarts += 1;
        pids = workerdPids(pgid);
        return NaN;
      }
    },
  };
  return meter;
}
