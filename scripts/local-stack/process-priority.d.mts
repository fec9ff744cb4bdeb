// Types for process-priority.mjs (the CPU priority of a workerd process of the local stack).
export function listenerPid(port: number): number | null;
export function setListenerNiceness(port: number, niceness: number): number | null;
