// Creating or resetting an admin account in D1 (local state or --remote), for `npm run admin:create`
// and the end-to-end server. The hash comes from the same code the Worker verifies with.
import { hashPassword } from "../../app/features/admin/password-hash.mjs";
import { writeRemoteDatabasesConfig } from "../deploy/plan.mjs";
import { wrangler } from "./wrangler.mjs";

export const PASSWORD_MIN_LENGTH = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** The SQL that upserts the admin (re-enabling it, new password) and ends its existing sessions. */
export async function adminUpsertSql({ email, password, role, name }) {
  const normalised = String(email ?? "").trim().toLowerCase();
  if (!EMAIL.test(normalised) || normalised.length > 254) throw new Error("--email must be a valid email address");
  if (typeof password !== "string" || password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (role !== undefined && role !== "owner" && role !== "admin") throw new Error("--role must be owner or admin");
  const hash = await hashPassword(password);
  // Without --role, the first account becomes the owner and later ones admins; a reset keeps the role.
  const insertRole = role ? sqlText(role) : "CASE WHEN EXISTS (SELECT 1 FROM admin_users WHERE role = 'owner') THEN 'admin' ELSE 'owner' END";
  const updateRole = role ? "excluded.role" : "admin_users.role";
  return [
    `INSERT INTO admin_users (email, name, password_hash, role) VALUES (${sqlText(normalised)}, ${name ? sqlText(name) : "NULL"}, ${sqlText(hash)}, ${insertRole})`,
    `ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, is_disabled = 0, role = ${updateRole},`,
    `name = COALESCE(excluded.name, admin_users.name), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');\n`,
    `DELETE FROM admin_sessions WHERE admin_id = (SELECT id FROM admin_users WHERE email = ${sqlText(normalised)});`,
  ].join(" ");
}

export async function createAdmin({ email, password, role, name, remote = false, env, stateDir }) {
  const sql = await adminUpsertSql({ email, password, role, name });
  // Remotely, the deployed database of that environment, found by the name `npm run deploy` gave it.
  const target = remote ? ["--remote", "-c", writeRemoteDatabasesConfig(env ?? "production")] : ["--local", ...(stateDir ? ["--persist-to", stateDir] : [])];
  await wrangler(["d1", "execute", "DB", ...target, "--command", sql], { quiet: true });
}
