import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Every file: Miniflare's Node-to-workerd bridge without stale connections (scripts/lib/workerd-bridge.mjs).
          setupFiles: ["tests/support/integration-setup.ts"],
          // Timeouts detect a hang; they are not a speed limit. On a loaded 2-core machine a test that
          // takes 3 s idle takes 30 s and more, so they allow ten times that (ADR 0009, issue 18).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
