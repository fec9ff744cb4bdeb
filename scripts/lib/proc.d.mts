// Types for proc.mjs (Linux's /proc: the process table and a process's threads).
export function childPids(parentPid: number): number[];
/** Descendants of rootPid whose command name is `comm`, in pid order. */
export function findDescendants(rootPid: number, comm: string): number[];
export function threadIds(pid: number): number[];
