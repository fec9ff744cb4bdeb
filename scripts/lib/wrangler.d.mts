// Types for wrangler.mjs.
export const DEFAULT_STATE_DIR: string;
export function applyMigrations(stateDir?: string): Promise<void>;
export function seedDemoContent(stateDir?: string): Promise<void>;
