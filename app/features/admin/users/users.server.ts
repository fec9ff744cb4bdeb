/**
 * Admin accounts (/admin/users): the list, and every change to it. Only an owner manages other
 * admins (add, disable, enable, role, password reset); every admin may change their own password.
 * Each mutation is one D1 batch with its audit row, so both land or neither.
 */
import type { SubmissionResult } from "@conform-to/react";
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import { auditStatement } from "~/features/admin/audit.server";
import { redirectWithFlash, type Flash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, parseAdminForm, parseId, saveFailedRedirect } from "~/features/admin/guard.server";
import { claimPasswordCheck } from "~/features/admin/password-attempts.server";
import { hashPassword, verifyPassword } from "~/features/admin/password.server";
import { endSessionsStatement, requireAdmin, type AdminRole, type AdminSession, type SignedInAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { createDb, errorText, isUniqueViolation } from "~/lib/db.server";
import { normaliseEmail } from "~/lib/field-rules";
import { ADMIN_ROLES, addAdminSchema, ownPasswordSchema, PASSWORD_FIELDS, resetPasswordSchema, USERS_MESSAGES } from "./user-schemas";

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

export type UsersOutcome =
  | { kind: "flash"; flash: Flash }
  /** The page again with conform's answer: a form's messages and typed values, or a refusal of the whole post. */
  | { kind: "invalid"; status: 400 | 403 | 429; result: SubmissionResult<string[]>; retryAfterSeconds?: number };

const done = (message: string): UsersOutcome => ({ kind: "flash", flash: { kind: "success", message } });
const refused = (message: string): UsersOutcome => ({ kind: "flash", flash: { kind: "error", message } });
const invalid = (result: SubmissionResult<string[]>, status: 400 | 403 = 400): UsersOutcome => ({ kind: "invalid", status, result });
const refusedPost = (message: string, status: 400 | 403 = 400) => invalid(formRefusal(message), status);

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
  if (!OWNER_ONLY_INTENTS.has(intent)) return refusedPost(USERS_MESSAGES.unknownIntent);
  // Enforced here, not only by hiding the forms: a plain admin's post changes nothing.
  if (session.admin.role !== "owner") return refusedPost(USERS_MESSAGES.ownerOnly, 403);
  if (intent === "add") return addAdmin(context, session.admin, fields);

  const d1 = context.cloudflare.env.DB;
  const id = parseId(fields.id);
  if (id === null) return refusedPost(USERS_MESSAGES.badId);
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
  const submission = parseAdminForm(fields, addAdminSchema);
  if (submission.status !== "success") return invalid(submission.reply({ hideFields: PASSWORD_FIELDS }));
  const { role, password } = submission.value;
  const email = normaliseEmail(submission.value.email);
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  const passwordHash = await hashPassword(password);
  try {
    await db.batch([
      db.insert(adminUsers).values({ email, name: submission.value.name ?? null, role, passwordHash }),
      auditStatement(d1, actor, "added admin", email, { role }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return invalid(submission.reply({ fieldErrors: { email: [USERS_MESSAGES.duplicateEmail] }, hideFields: PASSWORD_FIELDS }));
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
  if (!ADMIN_ROLES.includes(role as AdminRole)) return refusedPost(USERS_MESSAGES.chooseRole);
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
  const submission = parseAdminForm(fields, resetPasswordSchema);
  if (submission.status !== "success") return invalid(submission.reply({ hideFields: PASSWORD_FIELDS }));
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  await db.batch([
    db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(submission.value.password), updatedAt: nowIso() })
      .where(eq(adminUsers.id, target.id)),
    endSessionsStatement(context, target.id),
    auditStatement(d1, actor, "reset password", target.email),
  ]);
  return done(`New password set for ${target.email}. Their sessions were signed out.`);
}

async function changeOwnPassword(context: AppLoadContext, session: AdminSession, fields: Record<string, string>): Promise<UsersOutcome> {
  const { admin, sessionId } = session;
  const d1 = context.cloudflare.env.DB;
  const db = createDb(d1);
  const [row] = await db.select({ passwordHash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.id, admin.id)).limit(1);
  if (!row) return refused(USERS_MESSAGES.gone);

  const submission = parseAdminForm(fields, ownPasswordSchema);
  // Counted with the account's sign-in attempts, before verifying (ADR 0034): a stolen session
  // cannot guess the password faster here than at the sign-in form.
  const check = await claimPasswordCheck(context, admin.email);
  if (!check.allowed) {
    const result = submission.reply({ fieldErrors: { currentPassword: [USERS_MESSAGES.tooManyAttempts] }, hideFields: PASSWORD_FIELDS });
    return { kind: "invalid", status: 429, result, retryAfterSeconds: check.retryAfterSeconds };
  }
  const current = fields.currentPassword ?? "";
  const fieldErrors: Record<string, string[]> = {};
  // Always verified (one PBKDF2), also when the new password is already refused.
  if (current.length > 1024 || !(await verifyPassword(current, row.passwordHash))) fieldErrors.currentPassword = [USERS_MESSAGES.wrongCurrent];
  else await check.verified();
  if (submission.status === "success" && submission.value.newPassword === current) fieldErrors.newPassword = [USERS_MESSAGES.samePassword];
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    return invalid(submission.reply({ fieldErrors, hideFields: PASSWORD_FIELDS }));
  }

  await db.batch([
    db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(submission.value.newPassword), updatedAt: nowIso() })
      .where(eq(adminUsers.id, admin.id)),
    // Every other session ends; this one (null when Cloudflare Access vouched for the request) stays.
    endSessionsStatement(context, admin.id, sessionId),
    auditStatement(d1, admin, "changed own password", admin.email),
  ]);
  return done(USERS_MESSAGES.ownPasswordChanged);
}

const USERS_PATH = ADMIN_PATHS.users;

export async function loadUsersPage({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, context);
  const admins = await listAdmins(context.cloudflare.env.DB);
  const params = new URL(request.url).searchParams;
  const isOwner = admin.role === "owner";
  // The confirmation and reset panels only open for an owner, and never on their own account.
  const pick = (name: string) => {
    const id = isOwner ? parseId(params.get(name)) : null;
    return admins.find((row) => row.id === id && row.id !== admin.id) ?? null;
  };
  const confirm = pick("confirm");
  return json({ me: admin, admins, confirm: confirm && !confirm.isDisabled ? confirm : null, reset: pick("reset") });
}

export const usersAction = adminAction(async ({ request, context, session, fields }) => {
  const save = async () => {
    const outcome = await handleUsersAction(context, session, fields);
    if (outcome.kind === "invalid") {
      const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
      return json(outcome.result, { status: outcome.status, headers });
    }
    return redirectWithFlash(request, context, USERS_PATH, outcome.flash);
  };
  return answerSaveFailure({ event: "admin_users_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, USERS_PATH));
});
