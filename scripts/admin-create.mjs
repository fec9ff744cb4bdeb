#!/usr/bin/env node
// npm run admin:create -- --email you@example.com --password '…' [--name 'Your Name'] [--role owner|admin] [--remote]
// Creates an admin, or resets an existing one's password (re-enabling it and signing out its sessions).
// Local by default (the D1 that `npm start` serves; WRANGLER_STATE_DIR overrides); --remote for production.
import { parseArgs } from "node:util";
import { createAdmin } from "./lib/admin.mjs";

const usage = "Usage: npm run admin:create -- --email E --password P [--name N] [--role owner|admin] [--remote]";
let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      remote: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (!values.email || !values.password) {
  console.error(usage);
  process.exit(2);
}
try {
  await createAdmin({ ...values, stateDir: values.remote ? undefined : process.env.WRANGLER_STATE_DIR });
  console.log(`Admin ${values.email.trim().toLowerCase()} is ready${values.remote ? " in the remote database" : " locally"}. Sign in at /admin/login.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
