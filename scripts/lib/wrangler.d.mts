// Types for wrangler.mjs.
export const DEFAULT_STATE_DIR: string;
export const MIGRATED_DATABASES: string[];
export const WRANGLER_BIN: string;
export function wrangler(args: string[], options?: { input?: string; env?: Record<string, string>; quiet?: boolean }): Promise<string>;
export function applyMigrations(stateDir?: string): Promise<string>;
export function seedDemoContent(stateDir?: string): Promise<string>;
