// Types for d1-migrations.mjs.
export const MIGRATIONS_DIR_BY_BINDING: { DB: string; ANALYTICS_DB: string };
export function migrationStatements(sql: string): string[];
export function migrationFiles(dir?: string): string[];
export function applyMigrationFile(db: D1Database, file: string): Promise<void>;
export function applyMigrations(db: D1Database, dir?: string): Promise<void>;
