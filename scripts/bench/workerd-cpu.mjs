// CPU time consumed by the workerd processes under a process, read from the kernel's per-thread
// scheduler accounting (/proc/<pid>/task/<tid>/schedstat, field 1: nanoseconds on a CPU).
//
// Why not a timer inside the worker: workerd clamps Date.now()/performance.now() to whole
// milliseconds (and on Cloudflare freezes them between I/O), too coarse for a render of a few ms.
// The kernel counts every nanosecond a workerd thread runs, whatever the worker's clocks say.
import { existsSync, readFileSync } from "node:fs";
import { findDescendants, threadIds } from "../lib/proc.mjs";

/** Total on-CPU nanoseconds of every thread of `pid`; throws if the process is gone. */
function processCpuNs(pid) {
  let total = 0n;
  for (const tid of threadIds(pid)) {
    try {
      total += BigInt(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that exited between the listing and the read.
    }
  }
  return total;
}

/**
 * A meter over the workerd processes below rootPid, or null where /proc schedstat is missing
 * (not Linux, or a kernel without CONFIG_SCHED_INFO).
 * read() returns cumulative CPU in ms, or NaN when the set of workerd processes changed (wrangler
 * restarted its runtime after a file change): samples spanning that are discarded.
 */
export function createWorkerdCpuMeter(rootPid) {
  if (!existsSync("/proc/self/task") || !existsSync("/proc/self/schedstat")) return null;
  let pids = findDescendants(rootPid, "workerd");
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
        pids = findDescendants(rootPid, "workerd");
        return NaN;
      }
    },
  };
  return meter;
}
