/**
 * Admin accounts (/admin/users): the list, and every change to it. Only an owner manages other
 * admins (add, disable, enable, role, password reset); every admin may change their own password.
 * Each mutation is one D1 batch with its audit row, so both land or neither.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import { createDb, errorText, isUniqueViolation } from "~/lib/db.server";
import { emailProblem, nameProblem, normaliseEmail } from "~/lib/field-rules";
import { parseId } from "./action.server";
import { auditStatement } from "./audit.server";
import type { Flash } from "./flash.server";
import { hashPassword, passwordProblem, verifyPassword } from "./password.server";
import { endSessionsStatement, type AdminRole, type AdminSession, type SignedInAdmin } from "./session.server";

export const ADMIN_ROLES = ["owner", "admin"] as const satisfies readonly AdminRole[];

export const USERS_MESSAGES = {
  ownerOnly: "Only an owner can manage other admins.",
  duplicateEmail: "An admin with this email already exists.",
  chooseRole: "Choose a role: owner or admin.",
  unknownIntent: "That action is not available here.",
  badId: "Choose an admin from the list.",
  gone: "That admin no longer exists.",
  notSelfDisable: "You cannot disable your own account.",
  notSelfRole: "You cannot change your own role.",
  notSelfReset: "Use “Change my password” for your own account.",
  lastOwner: (email: string) => `${email} is the last enabled owner. Make another admin an owner first.`,
  wrongCurrent: "The current password is not correct.",
  samePassword: "Choose a password different from the current one.",
  ownPasswordChanged: "Password changed. Other sessions were signed out.",
} as const;

export type AdminListRow = {
  id: number;
  email: string;
  name: string | null;
  role: AdminRole;
  isDisabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

const listColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  name: adminUsers.name,
  role: adminUsers.role,
  isDisabled: adminUsers.isDisabled,
  lastLoginAt: adminUsers.lastLoginAt,
  createdAt: adminUsers.createdAt,
};

export async function listAdmins(d1: D1Database): Promise<AdminListRow[]> {
  return createDb(d1).select(listColumns).from(adminUsers).orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
}

export async function findAdmin(d1: D1Database, id: number): Promise<AdminListRow | undefined> {
  const [row] = await createDb(d1).select(listColumns).from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/** The forms of the page; a failed submission names its form so the page shows the errors there. */
export type UsersForm = "page" | "add" | "reset" | "own-password";

export type UsersOutcome =
  | { kind: "flash"; flash: Flash }
  | { kind: "invalid"; status: 400 | 403; form: UsersForm; errors: Record<string, string>; values: Record<string, string> };

const done = (message: string): UsersOutcome => ({ kind: "flash", flash: { kind: "success", message } });
const refused = (message: string): UsersOutcome => ({ kind: "flash", flash: { kind: "error", message } });
const invalid = (form: UsersForm, errors: Record<string, string>, values: Record<string, string> = {}, status: 400 | 403 = 400): UsersOutcome => ({
  kind: "invalid",
  status,
  form,
  errors,
  values,
});

const OWNER_ONLY_INTENTS = new Set(["add", "disable", "enable", "change-role", "reset-password"]);
const nowIso = () => new Date().toISOString();

/**
 * True unless the row is an enabled owner with no other enabled owner beside it. Used inside the
 * UPDATE itself (see guardedValue), so two owners demoting each other at once cannot leave none.
 */
const keepsAnEnabledOwner = sql`(admin_users.role <> 'owner' OR admin_users.is_disabled = 1 OR
  (SELECT count(*) FROM admin_users AS other WHERE other.role = 'owner' AND other.is_disabled = 0 AND other.id <> admin_users.id) > 0)`;

/**
 * The new column value when the change keeps an enabled owner, else a value the column's CHECK
 * constraint rejects: the whole batch (audit row included) then rolls back.
 */
const guardedValue = (value: string | number, rejected: string | number) => sql`CASE WHEN ${keepsAnEnabledOwner} THEN ${value} ELSE ${rejected} END`;

const isCheckViolation = (error: unknown) => /CHECK constraint failed/i.test(errorText(error));

async function enabledOwnersBesides(d1: D1Database, id: number): Promise<number> {
  const row = await d1
    .prepare("SELECT count(*) AS n FROM admin_users WHERE role = 'owner' AND is_disabled = 0 AND id <> ?1")
    .bind(id)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Whether disabling or demoting `target` would leave no enabled owner. */
async function isLastEnabledOwner(d1: D1Database, target: AdminListRow): Promise<boolean> {
  return target.role === "owner" && !target.isDisabled && (await enabledOwnersBesides(d1, target.id)) === 0;
}

/** Handles one submission of the users page. */
export async function handleUsersAction(context: AppLoadContext, session: AdminSession, fields: Record<string, string>): Promise<UsersOutcome> {
  const intent = fields.intent ?? "";
  if (intent === "change-own-password") return changeOwnPassword(context, session, fields);
  if (!OWNER_ONLY_INTENTS.has(intent)) return invalid("page", { form: USERS_MESSAGES.unknownIntent });
  // Enforced here, not only by hiding the forms: a plain admin's post changes nothing.
  if (session.admin.role !== "owner") return invalid("page", { form: USERS_MESSAGES.ownerOnly }, {}, 403);
  if (intent === "add") return addAdmin(context, session.admin, fields);

  const d1 = context.cloudflare.env.DB;
  const id = parseId(fields.id);
  if (id === null) return invalid("page", { form: USERS_MESSAGES.badId });
  const target = await findAdmin(d1, id);
  if (!target) return refused(USERS_MESSAGES.gone);

  switch (intent) {
    case "disable":
      return setDisabled(context, session.admin, target, true);
    case "enable":
      return setDisabled(context, session.admin, target, false);
    case "change-role":
      return changeRole(context, session.admin, target, fields.role);
    default:
      return resetPassword(context, session.admin, target, fields);
  }
}

async function addAdmin(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<UsersOutcome> {
  const values = {
    email: (fields.email ?? "").trim().slice(0, 300),
    name: (fields.name ?? "").trim().slice(0, 200),
    role: fields.role ?? "",
  };
  const password = fields.password ?? "";
  const errors: Record<string, string> = {};
  const emailIssue = emailProblem(values.email);
  if (emailIssue) errors.email = emailIssue;
  const nameIssue = nameProblem(values.name);
  if (nameIssue) errors.name = nameIssue;
  if (!ADMIN_ROLES.includes(values.role as AdminRole)) errors.role = USERS_MESSAGES.chooseRole;
  const passwordIssue = passwordProblem(password);
  if (passwordIssue) errors.password = passwordIssue;
  if (Object.keys(errors).length > 0) return invalid("add", errors, values);

  const email = normaliseEmail(values.email);
  const role = values.role as AdminRole;
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  const passwordHash = await hashPassword(password);
  try {
    await db.batch([
      db.insert(adminUsers).values({ email, name: values.name || null, role, passwordHash }),
      auditStatement(d1, actor, "added admin", email, { role }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return invalid("add", { email: USERS_MESSAGES.duplicateEmail }, values);
    throw error;
  }
  return done(`Added ${email} as ${role === "owner" ? "an owner" : "an admin"}. They can sign in now.`);
}

async function setDisabled(context: AppLoadContext, actor: SignedInAdmin, target: AdminListRow, disable: boolean): Promise<UsersOutcome> {
  if (target.isDisabled === disable) return done(`${target.email} is already ${disable ? "disabled" : "enabled"}.`);
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  if (!disable) {
    await db.batch([
      db.update(adminUsers).set({ isDisabled: false, updatedAt: nowIso() }).where(eq(adminUsers.id, target.id)),
      auditStatement(d1, actor, "enabled admin", target.email),
    ]);
    return done(`${target.email} is enabled and can sign in again.`);
  }

  if (target.id === actor.id) return refused(USERS_MESSAGES.notSelfDisable);
  if (await isLastEnabledOwner(d1, target)) return refused(USERS_MESSAGES.lastOwner(target.email));
  try {
    await db.batch([
      db
        .update(adminUsers)
        .set({ isDisabled: guardedValue(1, 2), updatedAt: nowIso() })
        .where(eq(adminUsers.id, target.id)),
      // Signed out everywhere in the same batch: no request is served on an old session.
      endSessionsStatement(context, target.id),
      auditStatement(d1, actor, "disabled admin", target.email),
    ]);
  } catch (error) {
    if (isCheckViolation(error)) return refused(USERS_MESSAGES.lastOwner(target.email));
    throw error;
  }
  return done(`${target.email} is disabled and was signed out everywhere.`);
}

async function changeRole(context: AppLoadContext, actor: SignedInAdmin, target: AdminListRow, role: string | undefined): Promise<UsersOutcome> {
  if (!ADMIN_ROLES.includes(role as AdminRole)) return invalid("page", { form: USERS_MESSAGES.chooseRole });
  const newRole = role as AdminRole;
  if (target.id === actor.id) return refused(USERS_MESSAGES.notSelfRole);
  if (target.role === newRole) return done(`${target.email} is already ${newRole === "owner" ? "an owner" : "an admin"}.`);
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  const demoting = newRole !== "owner";
  if (demoting && (await isLastEnabledOwner(d1, target))) return refused(USERS_MESSAGES.lastOwner(target.email));
  try {
    await db.batch([
      db
        .update(adminUsers)
        .set({ role: demoting ? guardedValue(newRole, "refused") : newRole, updatedAt: nowIso() })
        .where(eq(adminUsers.id, target.id)),
      auditStatement(d1, actor, "changed role", target.email, { from: target.role, to: newRole }),
    ]);
  } catch (error) {
    if (isCheckViolation(error)) return refused(USERS_MESSAGES.lastOwner(target.email));
    throw error;
  }
  return done(`${target.email} is now ${newRole === "owner" ? "an owner" : "an admin"}.`);
}

async function resetPassword(context: AppLoadContext, actor: SignedInAdmin, target: AdminListRow, fields: Record<string, string>): Promise<UsersOutcome> {
  if (target.id === actor.id) return refused(USERS_MESSAGES.notSelfReset);
  const password = fields.password ?? "";
  const problem = passwordProblem(password);
  if (problem) return invalid("reset", { password: problem }, { id: String(target.id) });
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  await db.batch([
    db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(password), updatedAt: nowIso() })
      .where(eq(adminUsers.id, target.id)),
    endSessionsStatement(context, target.id),
    auditStatement(d1, actor, "reset password", target.email),
  ]);
  return done(`New password set for ${target.email}. Their sessions were signed out.`);
}

async function changeOwnPassword(context: AppLoadContext, session: AdminSession, fields: Record<string, string>): Promise<UsersOutcome> {
  const { admin, sessionId } = session;
  const current = fields.currentPassword ?? "";
  const next = fields.newPassword ?? "";
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  const [row] = await db.select({ passwordHash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.id, admin.id)).limit(1);
  if (!row) return refused(USERS_MESSAGES.gone);

  const errors: Record<string, string> = {};
  const problem = passwordProblem(next);
  if (problem) errors.newPassword = problem;
  else if (next === current) errors.newPassword = USERS_MESSAGES.samePassword;
  // Always verified (one PBKDF2), also when the new password is already refused.
  if (current.length > 1024 || !(await verifyPassword(current, row.passwordHash))) errors.currentPassword = USERS_MESSAGES.wrongCurrent;
  if (Object.keys(errors).length > 0) return invalid("own-password", errors);

  await db.batch([
    db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(next), updatedAt: nowIso() })
      .where(eq(adminUsers.id, admin.id)),
    // Every other session ends; this one (null when Cloudflare Access vouched for the request) stays.
    endSessionsStatement(context, admin.id, sessionId),
    auditStatement(d1, admin, "changed own password", admin.email),
  ]);
  return done(USERS_MESSAGES.ownPasswordChanged);
}
