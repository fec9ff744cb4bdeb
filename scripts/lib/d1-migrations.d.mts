// Types for d1-migrations.mjs.
export const MIGRATIONS_DIR_BY_BINDING: { DB: string; ANALYTICS_DB: string };
