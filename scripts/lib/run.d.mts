// Types for run.mjs.
import type { SpawnOptions } from "node:child_process";
export function run(command: string, args: string[], options?: Omit<SpawnOptions, "env"> & { input?: string; env?: Record<string, string>; quiet?: boolean }): Promise<string>;
