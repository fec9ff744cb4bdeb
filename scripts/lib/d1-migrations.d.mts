// Types for d1-migrations.mjs.
export function migrationStatements(sql: string): string[];
export function applyMigrations(db: D1Database, dir?: string): Promise<void>;
