// Linux's /proc, read for the processes and threads the local stack and the bench start: the process
// table (who is whose child) and a process's threads. Callers check that /proc exists.
import { readdirSync, readFileSync } from "node:fs";

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

/** The pids of `parentPid`'s own children. */
export function childPids(parentPid) {
  return [...processTable()].filter(([, { ppid }]) => ppid === parentPid).map(([pid]) => pid);
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

/** The thread ids of process `pid`; throws if the process is gone. */
export function threadIds(pid) {
  return readdirSync(`/proc/${pid}/task`).map(Number);
}
