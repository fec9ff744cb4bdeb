// Types for config.mjs (what the local stack reads: the wrangler configs, variables, state directory).
import type { WorkerOptions } from "miniflare";

export const SITE_CONFIG: string;
export const JOBS_CONFIG: string;
export const SITE_BUILD_DIR: string;
export const JOBS_BUNDLE: string;
export const DEV_VARS: string;
export function localStateDir(): string;
export function persistOptions(stateDir: string): Record<string, string>;
export function readDevVars(path?: string | false): Record<string, string>;
export function workerFromConfig(configPath: string, vars?: Record<string, string>, defaults?: Record<string, string>): { config: { name: string; triggers?: { crons?: string[] } }; workerOptions: WorkerOptions };
export function withScriptNames(workerOptions: WorkerOptions, definers: Record<string, { name: string; workerOptions: WorkerOptions }>): WorkerOptions;
