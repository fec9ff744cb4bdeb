#!/usr/bin/env node
// npm run admin:create [-- --email you@example.com] [--name 'Your Name'] [--role owner|admin] [--remote [--env preview]]
// Creates an admin, or resets an existing one's password (re-enabling it and signing out its sessions).
// With no arguments it asks for the email, then the password.
// The password is never an argument (ps and shell history would show it, ADR 0034): typed at a prompt
// that echoes nothing, or, when standard input is not a terminal, its next line (after the email's
// line when --email is not given):
//   printf '%s\n' "$ADMIN_PASSWORD" | npm run admin:create -- --email you@example.com
//   printf '%s\n%s\n' you@example.com "$ADMIN_PASSWORD" | npm run admin:create
// Local by default (the D1 that `npm start` serves; WRANGLER_STATE_DIR overrides); --remote for the
// deployed database (--env preview for the preview deployments' own).
import { parseArgs } from "node:util";
import { createAdmin } from "./lib/admin.mjs";
import { readLine, readPassword } from "./lib/read-password.mjs";

const usage = "Usage: npm run admin:create [-- --email E] [--name N] [--role owner|admin] [--remote [--env preview]]\n" +
  "The email (without --email) and the password are asked for (the password is not echoed), or read from\n" +
  "successive lines of standard input when it is not a terminal.";
let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      remote: { type: "boolean", default: false },
      env: { type: "string" },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (values.password !== undefined) {
  console.error(`--password is not accepted: a password on the command line shows in ps and in your shell's history.\n${usage}`);
  process.exit(2);
}
if (values.env && !["production", "preview"].includes(values.env)) {
  console.error(`--env is production or preview.\n${usage}`);
  process.exit(2);
}
if (values.env && !values.remote) {
  console.error(`--env applies to the deployed database: add --remote.\n${usage}`);
  process.exit(2);
}
try {
  values.email ??= await readLine({ prompt: "Email of the admin: " });
  if (!values.email.trim()) throw new Error(`An email is needed.\n${usage}`);
  const password = await readPassword({ prompt: `Password for ${values.email.trim()} (at least 12 characters): ` });
  await createAdmin({ ...values, password, stateDir: values.remote ? undefined : process.env.WRANGLER_STATE_DIR });
  const where = values.remote ? ` in the ${values.env ?? "production"} database` : " locally";
  console.log(`Admin ${values.email.trim().toLowerCase()} is ready${where}. Sign in at /admin/login.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
