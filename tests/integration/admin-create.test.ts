/**
 * `npm run admin:create`: the SQL it runs (through wrangler) creates or resets admins. Executed here
 * against D1 in Miniflare with the real migrations, then checked by signing in through the app.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/features/admin/password-hash.mjs";
import { adminUpsertSql } from "../../scripts/lib/admin.mjs";
import { run } from "../../scripts/lib/run.mjs";
import { applyMigrations as applyLocalMigrations } from "../../scripts/lib/wrangler.mjs";
import { signIn } from "../support/admin";
import { createTestApp, formPost, migrationStatements, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

async function runCli(input: Parameters<typeof adminUpsertSql>[0]) {
  const sql = await adminUpsertSql(input);
  for (const statement of migrationStatements(sql)) await app.db.prepare(statement).run();
}

const admins = async () =>
  (await app.db.prepare("SELECT email, name, role, is_disabled, password_hash FROM admin_users ORDER BY id").all<Record<string, unknown>>()).results;

describe("admin:create", () => {
  it("makes the first account the owner and later ones admins, with a PBKDF2 hash", async () => {
    await runCli({ email: " First@Example.test ", password: "first owner password" });
    await runCli({ email: "second@example.test", password: "second admin password", name: "O'Brien" });
    const [first, second] = await admins();
    expect(first).toMatchObject({ email: "first@example.test", role: "owner", is_disabled: 0, name: null });
    expect(second).toMatchObject({ email: "second@example.test", role: "admin", name: "O'Brien" });
    expect(String(first!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await signIn(app, "first@example.test", "first owner password")).toMatch(/^lv_admin=/);
  });

  it("resets a password: re-enables the account, keeps its role, and signs out its sessions", async () => {
    const cookie = await signIn(app, "second@example.test", "second admin password", "198.51.100.201");
    await app.db.prepare("UPDATE admin_users SET is_disabled = 1 WHERE email = 'second@example.test'").run();
    await runCli({ email: "second@example.test", password: "a brand new password" });
    const second = (await admins())[1];
    expect(second).toMatchObject({ role: "admin", is_disabled: 0, name: "O'Brien" });
    const old = await app.fetch(new Request("http://127.0.0.1:8788/admin/dashboard", { headers: { Accept: "text/html", Cookie: cookie } }));
    expect(old.status).toBe(302);
    const oldPassword = await app.fetch(formPost("/admin/login", { email: "second@example.test", password: "second admin password" }, "198.51.100.202"));
    expect(oldPassword.status).toBe(401);
    expect(await signIn(app, "second@example.test", "a brand new password", "198.51.100.203")).toMatch(/^lv_admin=/);
  });

  it("changes the role only when --role is given", async () => {
    await runCli({ email: "second@example.test", password: "a brand new password", role: "owner" });
    expect((await admins())[1]).toMatchObject({ role: "owner" });
  });

  it("refuses a bad email, a short password, an unknown role, and keeps quotes in SQL harmless", async () => {
    await expect(adminUpsertSql({ email: "not-an-email", password: "long enough password" })).rejects.toThrow(/--email/);
    await expect(adminUpsertSql({ email: "a@example.test", password: "short" })).rejects.toThrow(/password must have at least 12/);
    await expect(adminUpsertSql({ email: "a@example.test", password: "long enough password", role: "root" as "owner" })).rejects.toThrow(/--role/);
    await runCli({ email: "quote'd@example.test", password: "long enough password", name: "x'); DROP TABLE admin_users; --" });
    const rows = await admins();
    expect(rows.at(-1)).toMatchObject({ email: "quote'd@example.test", name: "x'); DROP TABLE admin_users; --" });
  });
});

describe("the admin:create command", () => {
  const cli = (args: string[], input = "") =>
    spawnSync("node", ["scripts/admin-create.mjs", ...args], { input, encoding: "utf8", env: { ...process.env, WRANGLER_STATE_DIR: "tests/.tmp/never-created" } });

  it("refuses a password on the command line, before doing anything", () => {
    const result = cli(["--email", "argv@example.test", "--password", "a password in ps output"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--password is not accepted");
    expect(result.stdout).not.toContain("is ready");
  });

  it("refuses an empty standard input (no password) with the password rule", () => {
    const result = cli(["--email", "empty@example.test"], "");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/password must have at least 12 characters/);
  });

  it("reads the password from standard input and creates an account that it opens", async () => {
    mkdirSync("tests/.tmp", { recursive: true });
    const stateDir = mkdtempSync(join("tests", ".tmp", "admin-create-"));
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
      // The id in wrangler.toml: wrangler keys its local database by it.
      d1Databases: { DB: "00000000-0000-4000-8000-000000000001" },
      // Where `wrangler d1 … --persist-to` keeps it (persistOptions in scripts/local-stack/config.mjs).
      d1Persist: join(stateDir, "v3", "d1"),
    });
    try {
      await applyLocalMigrations(stateDir);
      await run("node", ["scripts/admin-create.mjs", "--email", "Piped@Example.test", "--name", "Pip"], {
        input: "a piped password, never an argument\n",
        env: { WRANGLER_STATE_DIR: stateDir },
      });
      const db = await mf.getD1Database("DB");
      const row = await db.prepare("SELECT email, name, role, password_hash FROM admin_users").first<{ email: string; name: string; role: string; password_hash: string }>();
      expect(row).toMatchObject({ email: "piped@example.test", name: "Pip", role: "owner" });
      expect(await verifyPassword("a piped password, never an argument", row!.password_hash)).toBe(true);
    } finally {
      await mf.dispose();
      rmSync(stateDir, { recursive: true, force: true });
    }
  }, 180_000);
});
