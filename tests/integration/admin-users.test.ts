/**
 * /admin/users against real D1 in Miniflare: who may change which account, what each change does to
 * sessions, and what the audit log records (never a password).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USERS_MESSAGES } from "~/features/admin/users/user-schemas";
import { adminPost, createAdminUser, decodeHtml as decode, followFlash, openAdminApp, OWNER, pageGet, signIn } from "../support/admin";
import type { TestApp } from "../support/app";

const PATH = "/admin/users";
const NEW_PASSWORD = "a brand new passphrase for testing";
const PASSWORDS = [OWNER.password, NEW_PASSWORD, "initial password of a new admin", "reset by the owner, long enough"];

let app: TestApp;
let ownerId: number;
let ownerCookie: string;

// Many sign-ins from one test client: lift the per-client limit (it has its own tests).
beforeAll(async () => ({ app, ownerId, cookie: ownerCookie } = await openAdminApp({ ADMIN_LOGIN_RATE_LIMIT_MAX: "1000" })));
afterAll(() => app.dispose());

let counter = 0;
/** A fresh plain admin (or owner) with the shared test password, and its id. */
async function newAdmin(role: "owner" | "admin" = "admin") {
  const email = `admin${++counter}@example.test`;
  const id = await createAdminUser(app.db, { email, role });
  return { id, email };
}

type Row = { id: number; email: string; name: string | null; role: string; is_disabled: number; password_hash: string };
const adminRow = (id: number) => app.db.prepare("SELECT * FROM admin_users WHERE id = ?1").bind(id).first<Row>();
const count = async (table: string) => (await app.db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const sessionsOf = async (id: number) => (await app.db.prepare("SELECT count(*) AS n FROM admin_sessions WHERE admin_id = ?1").bind(id).first<{ n: number }>())!.n;
const lastAudit = () => app.db.prepare("SELECT * FROM admin_audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target: string; admin_email: string; details: string }>();

/** Whether a session cookie still opens an admin page. */
async function cookieWorks(cookie: string): Promise<boolean> {
  const response = await app.fetch(pageGet("/admin/dashboard", cookie));
  if (response.status === 200) return true;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
  return false;
}


/** Follows a post's redirect with its flash cookie; returns the flash the page shows once. */
async function flashAfter(response: Response, cookie: string): Promise<{ kind: string; message: string }> {
  const after = await followFlash(app, response, cookie);
  expect(after.location).toBe(PATH);
  return { kind: after.flashKind ?? "none", message: after.flash ?? "" };
}

const post = (fields: Record<string, string>, cookie = ownerCookie) => app.fetch(adminPost(PATH, fields, cookie));

describe("the users list", () => {
  it("lists every admin with role, status, last sign-in and created date", async () => {
    const plain = await newAdmin();
    await app.db.prepare("UPDATE admin_users SET name = 'Plain Person', is_disabled = 1 WHERE id = ?1").bind(plain.id).run();
    const response = await app.fetch(pageGet(PATH, ownerCookie));
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain(OWNER.email);
    expect(html).toContain(plain.email);
    expect(html).toContain("Plain Person");
    expect(html).toMatch(/<th scope="col">Last sign-in<\/th>/);
    expect(html).toContain(">Owner</span>");
    expect(html).toContain(">Disabled</span>");
    expect(html).toContain(`aria-label="Enable ${plain.email}"`);
    expect(html).toContain("Add an admin");
  });

  it("shows a plain admin the list and their own password form, but none of the owner's controls", async () => {
    const plain = await newAdmin();
    const cookie = await signIn(app, plain.email);
    const html = await (await app.fetch(pageGet(PATH, cookie))).text();
    expect(html).toContain(OWNER.email);
    expect(html).toContain("Change my password");
    expect(html).not.toContain("Add an admin");
    expect(html).not.toContain('value="disable"');
    // The confirmation panel does not open for them either.
    expect(await (await app.fetch(pageGet(`${PATH}?confirm=${ownerId}`, cookie))).text()).not.toContain("confirm-panel");
  });
});

describe("adding an admin", () => {
  it("creates an account (PBKDF2 hash, lower-cased email) that can sign in, and audits it", async () => {
    const before = await count("admin_users");
    const response = await post({ intent: "add", email: "  New.Person@Example.TEST ", name: "New Person", role: "admin", password: PASSWORDS[2]! });
    expect(await flashAfter(response, ownerCookie)).toEqual({ kind: "success", message: "Added new.person@example.test as an admin. They can sign in now." });
    expect(await count("admin_users")).toBe(before + 1);
    const row = await app.db.prepare("SELECT * FROM admin_users WHERE email = 'new.person@example.test'").first<Row>();
    expect(row).toMatchObject({ name: "New Person", role: "admin", is_disabled: 0 });
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$\d+\$/);
    expect(await lastAudit()).toMatchObject({ action: "added admin", target: "new.person@example.test", admin_email: OWNER.email });

    const cookie = await signIn(app, "new.person@example.test", PASSWORDS[2]);
    expect(await cookieWorks(cookie)).toBe(true);
  });

  it("answers 400 with the field's message for a duplicate email or a weak password, and keeps the typed values", async () => {
    const before = await count("admin_users");
    const audits = await count("admin_audit_log");

    const duplicate = await post({ intent: "add", email: OWNER.email.toUpperCase(), name: "Copy", role: "admin", password: PASSWORDS[2]! });
    expect(duplicate.status).toBe(400);
    const duplicateHtml = await duplicate.text();
    expect(duplicateHtml).toContain(USERS_MESSAGES.duplicateEmail);
    expect(duplicateHtml).toMatch(/id="add-email"[^>]*aria-invalid="true"[^>]*aria-describedby="add-email-error"/);

    const weak = await post({ intent: "add", email: "weak@example.test", name: "Weak", role: "owner", password: "short" });
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(weakHtml).toContain("Use at least 12 characters.");
    expect(weakHtml).toContain('value="weak@example.test"');
    expect(weakHtml).not.toContain('value="short"');

    const badRole = await post({ intent: "add", email: "role@example.test", role: "superuser", password: PASSWORDS[2]! });
    expect(badRole.status).toBe(400);
    expect(await badRole.text()).toContain(USERS_MESSAGES.chooseRole);

    const badEmail = await post({ intent: "add", email: "not-an-email", role: "admin", password: PASSWORDS[2]! });
    expect(badEmail.status).toBe(400);

    expect(await count("admin_users")).toBe(before);
    expect(await count("admin_audit_log")).toBe(audits);
  });
});

describe("what only an owner may do", () => {
  it("refuses a plain admin's add, disable, enable, role change and password reset on the server, and changes nothing", async () => {
    const plain = await newAdmin();
    const victim = await newAdmin();
    const cookie = await signIn(app, plain.email);
    const users = await count("admin_users");
    const audits = await count("admin_audit_log");
    const victimBefore = await adminRow(victim.id);
    const ownerBefore = await adminRow(ownerId);

    const attempts: Record<string, string>[] = [
      { intent: "add", email: "sneaky@example.test", role: "owner", password: PASSWORDS[2]! },
      { intent: "disable", id: String(victim.id) },
      { intent: "disable", id: String(ownerId) },
      { intent: "enable", id: String(victim.id) },
      { intent: "change-role", id: String(plain.id), role: "owner" },
      { intent: "change-role", id: String(ownerId), role: "admin" },
      { intent: "reset-password", id: String(victim.id), password: PASSWORDS[3]! },
    ];
    for (const fields of attempts) {
      const response = await post(fields, cookie);
      expect(response.status, fields.intent).toBe(403);
      expect(await response.text()).toContain(USERS_MESSAGES.ownerOnly);
    }
    expect(await count("admin_users")).toBe(users);
    expect(await count("admin_audit_log")).toBe(audits);
    expect(await adminRow(victim.id)).toEqual(victimBefore);
    expect(await adminRow(ownerId)).toEqual(ownerBefore);
    expect((await adminRow(plain.id))!.role).toBe("admin");
    expect(await cookieWorks(ownerCookie)).toBe(true);
  });

  it("never lets an owner disable or demote themselves", async () => {
    const disable = await post({ intent: "disable", id: String(ownerId) });
    expect(await flashAfter(disable, ownerCookie)).toEqual({ kind: "error", message: USERS_MESSAGES.notSelfDisable });
    const demote = await post({ intent: "change-role", id: String(ownerId), role: "admin" });
    expect(await flashAfter(demote, ownerCookie)).toEqual({ kind: "error", message: USERS_MESSAGES.notSelfRole });
    const reset = await post({ intent: "reset-password", id: String(ownerId), password: PASSWORDS[3]! });
    expect(await flashAfter(reset, ownerCookie)).toEqual({ kind: "error", message: USERS_MESSAGES.notSelfReset });
    expect(await adminRow(ownerId)).toMatchObject({ role: "owner", is_disabled: 0 });
    expect(await cookieWorks(ownerCookie)).toBe(true);
  });

  it("keeps the last enabled owner even when two owners demote each other at the same moment", async () => {
    const other = await newAdmin("owner");
    const audits = await count("admin_audit_log");
    // The race: between the page's check and its write, the acting owner is demoted elsewhere.
    const racing = new Proxy(app.db, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (property !== "prepare") return typeof value === "function" ? value.bind(target) : value;
        return (query: string) => {
          const statement = target.prepare(query);
          if (!query.includes("role = 'owner' AND is_disabled = 0 AND id <> ?1")) return statement;
          return {
            bind: (...args: unknown[]) => ({
              first: async () => {
                const answer = await statement.bind(...args).first();
                await target.prepare("UPDATE admin_users SET role = 'admin' WHERE id = ?1").bind(ownerId).run();
                return answer;
              },
            }),
          };
        };
      },
    });
    const attempts: Record<string, string>[] = [{ intent: "change-role", role: "admin" }, { intent: "disable" }];
    for (const fields of attempts) {
      const response = await app.withEnv({ DB: racing as D1Database })(adminPost(PATH, { ...fields, id: String(other.id) }, ownerCookie));
      await app.db.prepare("UPDATE admin_users SET role = 'owner' WHERE id = ?1").bind(ownerId).run();
      expect(await flashAfter(response, ownerCookie)).toEqual({ kind: "error", message: USERS_MESSAGES.lastOwner(other.email) });
      expect(await adminRow(other.id)).toMatchObject({ role: "owner", is_disabled: 0 });
    }
    // Rolled back as one: no audit row claims a change that did not happen.
    expect(await count("admin_audit_log")).toBe(audits);
  });

  it("changes another admin's role both ways, audited with from and to", async () => {
    const target = await newAdmin();
    const promote = await post({ intent: "change-role", id: String(target.id), role: "owner" });
    expect(await flashAfter(promote, ownerCookie)).toEqual({ kind: "success", message: `${target.email} is now an owner.` });
    expect((await adminRow(target.id))!.role).toBe("owner");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "changed role", target: target.email });
    expect(JSON.parse(audit!.details)).toEqual({ from: "admin", to: "owner" });

    const demote = await post({ intent: "change-role", id: String(target.id), role: "admin" });
    expect((await flashAfter(demote, ownerCookie)).kind).toBe("success");
    expect((await adminRow(target.id))!.role).toBe("admin");
  });
});

describe("disabling and enabling", () => {
  it("asks first, then disables: the admin's live session is refused at once and they cannot sign in", async () => {
    const target = await newAdmin();
    const cookie = await signIn(app, target.email);
    expect(await cookieWorks(cookie)).toBe(true);

    const listing = await (await app.fetch(pageGet(PATH, ownerCookie))).text();
    expect(listing).toContain(`href="/admin/users?confirm=${target.id}"`);
    const confirm = decode(await (await app.fetch(pageGet(`${PATH}?confirm=${target.id}`, ownerCookie))).text());
    expect(confirm).toContain(`Disable ${target.email}?`);
    expect(confirm).toMatch(/<input type="hidden" name="intent" value="disable"\/>/);

    const response = await post({ intent: "disable", id: String(target.id) });
    expect(await flashAfter(response, ownerCookie)).toEqual({ kind: "success", message: `${target.email} is disabled and was signed out everywhere.` });
    expect((await adminRow(target.id))!.is_disabled).toBe(1);
    expect(await sessionsOf(target.id)).toBe(0);
    expect(await cookieWorks(cookie)).toBe(false);
    await expect(signIn(app, target.email)).rejects.toThrow(/401/);
    expect(await lastAudit()).toMatchObject({ action: "disabled admin", target: target.email });

    const enable = await post({ intent: "enable", id: String(target.id) });
    expect(await flashAfter(enable, ownerCookie)).toEqual({ kind: "success", message: `${target.email} is enabled and can sign in again.` });
    expect(await lastAudit()).toMatchObject({ action: "enabled admin", target: target.email });
    expect(await cookieWorks(await signIn(app, target.email))).toBe(true);
  });

  it("answers bad input with 400 or an error flash, never a 500", async () => {
    expect((await post({ intent: "disable", id: "abc" })).status).toBe(400);
    expect((await post({ intent: "disable" })).status).toBe(400);
    expect((await post({ intent: "explode", id: "1" })).status).toBe(400);
    expect((await post({ intent: "change-role", id: String(ownerId), role: "emperor" })).status).toBe(400);
    const gone = await post({ intent: "disable", id: "999999" });
    expect(await flashAfter(gone, ownerCookie)).toEqual({ kind: "error", message: USERS_MESSAGES.gone });
  });
});

describe("passwords", () => {
  it("an owner resets another admin's password: their sessions end, the old password stops working, the new one works", async () => {
    const target = await newAdmin();
    const cookie = await signIn(app, target.email);
    const panel = decode(await (await app.fetch(pageGet(`${PATH}?reset=${target.id}`, ownerCookie))).text());
    expect(panel).toContain(`New password for ${target.email}`);

    const weak = await post({ intent: "reset-password", id: String(target.id), password: "tiny" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Use at least 12 characters.");
    expect(await cookieWorks(cookie)).toBe(true);

    const response = await post({ intent: "reset-password", id: String(target.id), password: PASSWORDS[3]! });
    expect(await flashAfter(response, ownerCookie)).toEqual({ kind: "success", message: `New password set for ${target.email}. Their sessions were signed out.` });
    expect(await sessionsOf(target.id)).toBe(0);
    expect(await cookieWorks(cookie)).toBe(false);
    await expect(signIn(app, target.email, OWNER.password)).rejects.toThrow(/401/);
    expect(await cookieWorks(await signIn(app, target.email, PASSWORDS[3]))).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: "reset password", target: target.email });
  });

  it("refuses an own password change with the wrong current password", async () => {
    const me = await newAdmin();
    const cookie = await signIn(app, me.email);
    const before = (await adminRow(me.id))!.password_hash;
    const audits = await count("admin_audit_log");
    const response = await post({ intent: "change-own-password", currentPassword: "not my password at all", newPassword: NEW_PASSWORD }, cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(USERS_MESSAGES.wrongCurrent);
    expect(html).toMatch(/id="current-password"[^>]*aria-invalid="true"/);
    expect((await adminRow(me.id))!.password_hash).toBe(before);
    expect(await count("admin_audit_log")).toBe(audits);

    const weak = await post({ intent: "change-own-password", currentPassword: OWNER.password, newPassword: "short" }, cookie);
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Use at least 12 characters.");
    expect((await adminRow(me.id))!.password_hash).toBe(before);
  });

  it("counts wrong current passwords with the account's sign-in failures, and then refuses both (429)", async () => {
    const me = await newAdmin();
    const cookie = await signIn(app, me.email);
    const before = (await adminRow(me.id))!.password_hash;
    // The account limit is 5 (the default): four wrong guesses here and one at the sign-in form use it up.
    for (let i = 0; i < 4; i++) {
      expect((await post({ intent: "change-own-password", currentPassword: `wrong guess ${i}`, newPassword: NEW_PASSWORD }, cookie)).status).toBe(400);
    }
    await expect(signIn(app, me.email, "another wrong guess", "198.51.100.140")).rejects.toThrow(/401/);
    // Now even the right password is refused, here and at the sign-in form, and nothing changes.
    const refused = await post({ intent: "change-own-password", currentPassword: OWNER.password, newPassword: NEW_PASSWORD }, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(USERS_MESSAGES.tooManyAttempts);
    expect((await adminRow(me.id))!.password_hash).toBe(before);
    await expect(signIn(app, me.email, OWNER.password, "198.51.100.141")).rejects.toThrow(/429/);
  });

  it("checks at most the limit of simultaneous own-password guesses", async () => {
    const me = await newAdmin();
    const cookie = await signIn(app, me.email);
    const guesses = Array.from({ length: 20 }, (_, i) => post({ intent: "change-own-password", currentPassword: `guess number ${i}`, newPassword: NEW_PASSWORD }, cookie));
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("with the right current password: the new password works, other sessions end, this one stays", async () => {
    const me = await newAdmin();
    const elsewhere = await signIn(app, me.email);
    const here = await signIn(app, me.email);
    const response = await post({ intent: "change-own-password", currentPassword: OWNER.password, newPassword: NEW_PASSWORD }, here);
    expect(await flashAfter(response, here)).toEqual({ kind: "success", message: "Password changed. Other sessions were signed out." });
    expect(await cookieWorks(here)).toBe(true);
    expect(await cookieWorks(elsewhere)).toBe(false);
    expect(await sessionsOf(me.id)).toBe(1);
    await expect(signIn(app, me.email, OWNER.password)).rejects.toThrow(/401/);
    expect(await cookieWorks(await signIn(app, me.email, NEW_PASSWORD))).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: "changed own password", target: me.email, admin_email: me.email });
  });
});

describe("the audit log", () => {
  it("records every kind of change and never any password", async () => {
    const { results } = await app.db.prepare("SELECT action, target, details FROM admin_audit_log").all<{ action: string; target: string; details: string }>();
    const actions = new Set(results.map((r) => r.action));
    for (const action of ["added admin", "disabled admin", "enabled admin", "reset password", "changed own password", "changed role"]) {
      expect(actions, action).toContain(action);
    }
    const text = JSON.stringify(results);
    for (const password of [...PASSWORDS, "short", "tiny"]) expect(text).not.toContain(password);
    expect(text).not.toMatch(/pbkdf2|password_?hash/i);
  });
});
