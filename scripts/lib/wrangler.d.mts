// Types for wrangler.mjs.
export const DEFAULT_STATE_DIR: string;
export const MIGRATED_DATABASES: string[];
export function applyMigrations(stateDir?: string): Promise<void>;
export function seedDemoContent(stateDir?: string): Promise<void>;
