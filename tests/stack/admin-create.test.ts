/**
 * `npm run admin:create`: the SQL it runs (through wrangler) creates or resets admins, and the command
 * itself, run as an operator runs it while `npm start` serves: with its arguments, piped, or with none
 * at a terminal, where it asks for the email and then the password. Checked against the dev server's
 * D1 and by signing in through the site.
 */
import { spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/features/admin/password-hash.mjs";
import { adminUpsertSql } from "../../scripts/lib/admin.mjs";
import { startFreshDevServer, type FreshDevServer } from "../support/fresh-dev-server.mjs";
import { postForm, signInOverHttp } from "../support/stack";

let server: FreshDevServer;
beforeAll(async () => {
  server = await startFreshDevServer({ name: "admin-create" });
});
afterAll(async () => {
  await server?.stop();
});

async function runCli(input: Parameters<typeof adminUpsertSql>[0]) {
  await server.d1("DB").exec(await adminUpsertSql(input));
}

const admins = async () =>
  (await server.d1("DB").prepare("SELECT email, name, role, is_disabled, password_hash FROM admin_users ORDER BY id").all<Record<string, unknown>>()).results;

const adminByEmail = (email: string) =>
  server.d1("DB").prepare("SELECT email, name, role, password_hash FROM admin_users WHERE email = ?1").bind(email).first<{ email: string; name: string | null; role: string; password_hash: string }>();

describe("admin:create", () => {
  it("makes the first account the owner and later ones admins, with a PBKDF2 hash", async () => {
    await runCli({ email: " First@Example.test ", password: "first owner password" });
    await runCli({ email: "second@example.test", password: "second admin password", name: "O'Brien" });
    const [first, second] = await admins();
    expect(first).toMatchObject({ email: "first@example.test", role: "owner", is_disabled: 0, name: null });
    expect(second).toMatchObject({ email: "second@example.test", role: "admin", name: "O'Brien" });
    expect(String(first!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await signInOverHttp(server.origin, "first@example.test", "first owner password")).toMatch(/^lv_admin=/);
  });

  it("resets a password: re-enables the account, keeps its role, and signs out its sessions", async () => {
    const cookie = await signInOverHttp(server.origin, "second@example.test", "second admin password", "198.51.100.201");
    await server.d1("DB").prepare("UPDATE admin_users SET is_disabled = 1 WHERE email = 'second@example.test'").run();
    await runCli({ email: "second@example.test", password: "a brand new password" });
    const second = (await admins())[1];
    expect(second).toMatchObject({ role: "admin", is_disabled: 0, name: "O'Brien" });
    const old = await fetch(new URL("/admin/dashboard", server.origin), { redirect: "manual", headers: { Accept: "text/html", Cookie: cookie } });
    expect(old.status).toBe(302);
    const oldPassword = await postForm(server.origin, "/admin/login", { email: "second@example.test", password: "second admin password" }, "198.51.100.202");
    expect(oldPassword.status).toBe(401);
    expect(await signInOverHttp(server.origin, "second@example.test", "a brand new password", "198.51.100.203")).toMatch(/^lv_admin=/);
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
  /** The command with `input` piped in, on the dev server's state (or on none, for what it refuses before any write). */
  const cli = (args: string[], input = "", stateDir = "tests/.tmp/never-created") =>
    spawnSync(process.execPath, ["scripts/admin-create.mjs", ...args], { input, encoding: "utf8", env: { ...process.env, WRANGLER_STATE_DIR: stateDir } });

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

  it("refuses an empty standard input without --email: an email is needed", () => {
    const result = cli([], "");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("An email is needed");
  });

  it("reads the password from standard input and creates an account that it opens, while the dev server runs", async () => {
    const result = cli(["--email", "Piped@Example.test", "--name", "Pip"], "a piped password, never an argument\n", server.stateDir);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const row = await adminByEmail("piped@example.test");
    expect(row).toMatchObject({ email: "piped@example.test", name: "Pip", role: "admin" });
    expect(await verifyPassword("a piped password, never an argument", row!.password_hash)).toBe(true);
    expect(await signInOverHttp(server.origin, "piped@example.test", "a piped password, never an argument", "198.51.100.204")).toMatch(/^lv_admin=/);
  });

  it("with no arguments and piped input, reads the email and then the password from successive lines", async () => {
    const result = cli([], "Lines@Example.test\nthe password on the second line\n", server.stateDir);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Admin lines@example.test is ready locally.");
    const row = await adminByEmail("lines@example.test");
    expect(row).toMatchObject({ email: "lines@example.test", role: "admin" });
    expect(await verifyPassword("the password on the second line", row!.password_hash)).toBe(true);
  });

  it("with no arguments at a terminal, asks for the email, then the password twice, echoing none of it", async () => {
    // script(1) gives the command a pseudo-terminal; each answer is typed once its question is shown.
    const terminal = spawn("script", ["--quiet", "--return", "--command", `${process.execPath} scripts/admin-create.mjs`, "/dev/null"], {
      env: { ...process.env, WRANGLER_STATE_DIR: server.stateDir, TERM: "dumb" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let screen = "";
    const waiters: { text: string; done: () => void }[] = [];
    terminal.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      screen += chunk;
      for (const waiter of waiters.filter((w) => screen.includes(w.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
    });
    const exited = new Promise<number | null>((resolve) => terminal.once("exit", (code) => resolve(code)));
    const shown = (text: string) =>
      screen.includes(text)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ text, done: resolve });
            void exited.then(() => reject(new Error(`the command ended before showing ${JSON.stringify(text)}:\n${screen}`)));
          });

    const password = "typed at the terminal 2026";
    await shown("Email of the admin: ");
    terminal.stdin.write("Typed@Example.test\r");
    await shown("Password for Typed@Example.test (at least 12 characters): ");
    terminal.stdin.write(`${password}\r`);
    await shown("Repeat it: ");
    terminal.stdin.write(`${password}\r`);
    await shown("is ready locally");
    expect(await exited).toBe(0);
    terminal.stdin.end();

    expect(screen).toContain("Admin typed@example.test is ready locally. Sign in at /admin/login.");
    expect(screen).not.toContain(password);
    const row = await adminByEmail("typed@example.test");
    expect(await verifyPassword(password, row!.password_hash)).toBe(true);
  });
});
