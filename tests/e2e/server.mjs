#!/usr/bin/env node
// The end-to-end server: the production build under wrangler (workerd + Miniflare), with a fresh
// local D1/KV state migrated and seeded. Rate limits are raised so many test sign-ups from one
// address are not refused (the limit itself is covered by the integration tests). GA4 and Amplitude
// are configured with the 127.0.0.1 stand-ins of third-parties.mjs (started by the global setup).
import { existsSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import { run } from "../../scripts/lib/run.mjs";
import { createAdmin } from "../../scripts/lib/admin.mjs";
import { applyMigrations, seedDemoContent } from "../../scripts/lib/wrangler.mjs";
import { E2E_ADMIN } from "./admin-account.mjs";
import { thirdPartyBindings } from "./third-parties.mjs";

const port = process.argv[2] ?? "8790";
const stateDir = `tests/.tmp/e2e-state-${port}`;

if (!existsSync("build/index.js")) await run("node", ["scripts/build.mjs"]);
rmSync(stateDir, { recursive: true, force: true });
await applyMigrations(stateDir);
await seedDemoContent(stateDir);
// A throwaway owner for the admin tests; this state directory exists only for the test run.
await createAdmin({ ...E2E_ADMIN, role: "owner", stateDir });

const child = spawn(
  "npx",
  [
    "wrangler", "pages", "dev", "./public",
    "--ip", "127.0.0.1", "--port", port,
    "--persist-to", stateDir,
    "--live-reload=false",
    "--binding", "APP_ENV=test",
    "--binding", "WAITLIST_RATE_LIMIT_MAX=100000",
    "--binding", "CONTACT_RATE_LIMIT_MAX=100000",
    "--binding", "ADMIN_LOGIN_RATE_LIMIT_MAX=100000",
    "--binding", "ANALYTICS_RATE_LIMIT_MAX=100000",
    ...thirdPartyBindings(port).flatMap((pair) => ["--binding", pair]),
  ],
  { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
