// The CPU priority of a workerd process of the local stack, found by the port it listens on (ADR 0040).
//
// Miniflare spawns workerd itself and keeps the child private, so the process is found the way `ss
// -ltp` finds it: the inode of the socket listening on the port (/proc/net/tcp), then the child of
// this process that holds it (/proc/<pid>/fd). On Linux a nice value belongs to a thread, not a
// process, so every thread workerd has is set; threads it starts later inherit it. Elsewhere (no
// /proc) the priority stays as it is and the caller is told.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { childPids, threadIds } from "../lib/proc.mjs";

/** The inode of the IPv4 socket listening on 127.0.0.1:`port`, or null. */
function listeningInode(port) {
  const wanted = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local_address, rem_address, st (0A: LISTEN), …, inode (the tenth field)
    if (fields[1] === wanted && fields[3] === "0A") return fields[9];
  }
  return null;
}

const readOr = (read, fallback) => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

/** Whether process `pid` holds `socket` ("socket:[<inode>]") among its open files. */
const holds = (pid, socket) => readOr(() => readdirSync(`/proc/${pid}/fd`), []).some((fd) => readOr(() => readlinkSync(`/proc/${pid}/fd/${fd}`), "") === socket);

/** The pid of the child process that listens on 127.0.0.1:`port`, or null. */
export function listenerPid(port) {
  const inode = readOr(() => listeningInode(port), null);
  if (inode === null) return null;
  return childPids(process.pid).find((pid) => holds(pid, `socket:[${inode}]`)) ?? null;
}

/**
 * Gives every thread of the child listening on 127.0.0.1:`port` the nice value `niceness`. Returns
 * its pid, or null when it cannot be found here (no /proc): the priority is then left as it is.
 */
export function setListenerNiceness(port, niceness) {
  const pid = listenerPid(port);
  if (pid === null) return null;
  for (const tid of threadIds(pid)) {
    // A thread that ended in between has nothing left to set.
    readOr(() => setPriority(tid, niceness), undefined);
  }
  return pid;
}
