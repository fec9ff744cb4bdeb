// Types for free-port.mjs.
export function freePort(): Promise<number>;
