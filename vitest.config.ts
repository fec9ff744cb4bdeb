import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { MIGRATIONS_DIR_BY_BINDING } from "./scripts/lib/d1-migrations.mjs";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// Timeouts detect a hang; they are not a speed limit. On a loaded 2-core machine a test that takes
// 3 s idle takes 30 s and more, so they allow ten times that (ADR 0009).
const HANG = { testTimeout: 120_000, hookTimeout: 180_000 };
// Two files at a time even on 2 cores (Vitest's default there is one): much of a file's time is spent
// waiting (a dev server starting, a queue batch, the cron's minute), not computing.
const TWO_FILES_AT_ONCE = { maxWorkers: 2 };

export default defineConfig({
  resolve: { alias },
  test: {
    // A log line a passing test provoked on purpose (a refused sign-in, a simulated outage) is noise;
    // a failing test's logs are shown.
    silent: "passed-only",
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        // The Workers code in workerd (@cloudflare/vitest-plugin): the site's request pipeline and
        // the companion Worker in one runner, with the companion Worker's wrangler config (D1, the
        // queue consumers, the Durable Object) and the site's other bindings; every test file gets
        // storage of its own (tests/support/app.ts, ADR 0009).
        resolve: { alias },
        plugins: [
          cloudflareTest(async () => ({
            main: "./tests/support/test-worker.ts",
            wrangler: { configPath: "./workers/jobs/wrangler.toml" },
            miniflare: {
              kvNamespaces: { CONFIG: "test-config" },
              d1Databases: { EMPTY_DB: "test-empty-db" },
              queueProducers: { EMAIL_QUEUE: "linkvault-email", ANALYTICS_QUEUE: "linkvault-analytics" },
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(MIGRATIONS_DIR_BY_BINDING.DB),
                TEST_ANALYTICS_MIGRATIONS: await readD1Migrations(MIGRATIONS_DIR_BY_BINDING.ANALYTICS_DB),
              },
            },
          })),
        ],
        test: { name: "workers", include: ["tests/integration/**/*.test.ts"], globalSetup: ["tests/support/standin-broker.ts"], ...HANG, ...TWO_FILES_AT_ONCE },
      },
      {
        // What only Node can do, against the dev server `npm start` runs: the Nu Html Checker, the
        // Observatory grade, the CLIs (tests/stack/).
        resolve: { alias },
        test: { name: "stack", include: ["tests/stack/**/*.test.ts"], environment: "node", ...HANG, ...TWO_FILES_AT_ONCE },
      },
    ],
  },
});
