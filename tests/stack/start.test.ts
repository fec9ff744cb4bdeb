/**
 * `npm start` as a newcomer runs it (scripts/start.mjs): a short banner, migrations and seeding one
 * line each, and the companion Worker's cron fired by the ticker on the minute (wrangler never fires
 * crons itself). Its own port and state directory; stopped with Ctrl-C's signal.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devServerAt } from "../../scripts/lib/dev-server.mjs";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { addConfirmation, mailboxTo } from "../support/stack";

const BANNER_END = /Development mailbox:.*\n/;

let start: ChildProcess;
let stateDir: string;
let origin: string;
let output = "";

/** Resolves with `npm start`'s output once its banner is printed; rejects if it exits first. */
function bannerPrinted(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: string) => {
      output += chunk;
      if (BANNER_END.test(output)) resolve(output);
    };
    child.stdout!.setEncoding("utf8").on("data", onData);
    child.stderr!.setEncoding("utf8").on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`npm start exited (${code ?? signal}) before its banner:\n${output}`)));
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

beforeAll(async () => {
  mkdirSync(join("tests", ".tmp"), { recursive: true });
  stateDir = mkdtempSync(join("tests", ".tmp", "npm-start-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  start = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), WRANGLER_STATE_DIR: stateDir, FORCE_COLOR: "0" },
  });
  await bannerPrinted(start);
});

afterAll(async () => {
  if (start && start.exitCode === null && start.signalCode === null) {
    start.kill("SIGTERM");
    await exited(start);
  }
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("prints a short banner: the URL, how to create the first admin, where the mailbox is; migrations and seeding a line each", () => {
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    expect(lines.filter((line) => /^Build: (up to date|done in [\d.]+ s)$/.test(line)), output).toHaveLength(1);
    // A fresh state directory: every migration of both databases is applied.
    expect(lines.filter((line) => line.startsWith("Database migrations:")), output).toEqual([expect.stringMatching(/^Database migrations: DB \d+ applied, ANALYTICS_DB \d+ applied$/)]);
    expect(lines.filter((line) => line.startsWith("Demo content:")), output).toHaveLength(1);
    expect(output).toContain(`LinkVault is running at ${origin}/`);
    expect(output).toMatch(/First admin: +npm run admin:create/);
    expect(output).toContain(`Development mailbox:  ${origin}/admin/mailbox`);
    // Nothing else: no migration tables, no wrangler banners or update notices, no JSON.
    expect(lines.length, output).toBeLessThanOrEqual(10);
  });

  it("serves /home", async () => {
    const home = await fetch(new URL("/home", origin));
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<h1[\s>]/);
  });

  it("fires the companion Worker's cron on the minute: a due outbox row is delivered with no one asking", { timeout: 180_000 }, async () => {
    const db = devServerAt(origin).d1("DB");
    const email = "ticker-due@example.test";
    await addConfirmation(db, email);
    // The next minute's tick, plus the delivery on a loaded machine.
    await expect.poll(async () => (await mailboxTo(db, email)).length, { timeout: 150_000, interval: 500 }).toBe(1);
    expect(await db.prepare("SELECT status FROM email_outbox WHERE recipient = ?1").bind(email).first("status")).toBe("sent");
  });

  it("stops on SIGINT (Ctrl-C), with the dev server it started", async () => {
    start.kill("SIGINT");
    expect(await exited(start)).toBe(0);
    await expect(fetch(new URL("/home", origin))).rejects.toThrow();
  });
});
