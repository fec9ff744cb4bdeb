// CPU time consumed by the workerd processes under a process, read from the kernel's per-thread
// scheduler accounting (/proc/<pid>/task/<tid>/schedstat, field 1: nanoseconds on a CPU).
//
// Why not a timer inside the worker: workerd clamps Date.now()/performance.now() to whole
// milliseconds (and on Cloudflare freezes them between I/O), too coarse for a render of a few ms.
// The kernel counts every nanosecond a workerd thread runs, whatever the worker's clocks say.
import { existsSync, readdirSync, readFileSync } from "node:fs";

/** pid -> { ppid, comm } for every process visible in /proc. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may contain spaces or parentheses, so split at the last ")".
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      table.set(Number(name), { ppid, comm });
    } catch {
      // The process exited while we looked.
    }
  }
  return table;
}

/** Descendants of rootPid whose command name is `comm`. */
export function findDescendants(rootPid, comm) {
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift();
    for (const child of children.get(pid) ?? []) {
      if (table.get(child).comm === comm) found.push(child);
      queue.push(child);
    }
  }
  return found.sort((a, b) => a - b);
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
