// Each migrated D1 binding of wrangler.toml and its `migrations_dir`: the site's database and the
// analytics one (ADR 0037). Whatever migrates a database (wrangler locally and remotely, the
// integration tests through @cloudflare/vitest-plugin's readD1Migrations) reads this map.
export const MIGRATIONS_DIR_BY_BINDING = { DB: "migrations", ANALYTICS_DB: "migrations-analytics" };
