/**
 * Admin sign-in: rate limited per client (every attempt) and per account (password checks, counted
 * before verifying; a success clears them), one generic failure message, and the same PBKDF2 work
 * whether or not the email has an account.
 */
import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import { createDb } from "~/lib/db.server";
import { logError, logWarn } from "~/lib/log.server";
import { readFormFields } from "~/lib/public-form.server";
import { hitClientRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { parseAdminForm } from "./guard.server";
import { loginSchema } from "./login-schema";
import { ADMIN_LOGIN_MESSAGES } from "./messages";
import { claimPasswordCheck } from "./password-attempts.server";
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./password.server";
import { clearSessionCookie, currentAdmin, endSession, LOGIN_PATH, safeReturnPath, startSession } from "./session.server";

export type LoginOutcome =
  | { ok: true; setCookie: string }
  | { ok: false; status: 400 | 401 | 429 | 503; message: string; retryAfterSeconds?: number };

function clientRule(context: AppLoadContext): RateLimitRule {
  return { scope: "admin_login_client", max: context.env.ADMIN_LOGIN_RATE_LIMIT_MAX, windowSeconds: context.env.ADMIN_LOGIN_RATE_LIMIT_WINDOW_SECONDS };
}

export async function attemptLogin(
  request: Request,
  context: AppLoadContext,
  fields: { email: string; password: string },
): Promise<LoginOutcome> {
  const email = fields.email.trim().toLowerCase();
  const password = fields.password;
  if (!email || !password || email.length > 254 || password.length > 1024) {
    return { ok: false, status: 400, message: ADMIN_LOGIN_MESSAGES.missing };
  }
  const d1 = context.cloudflare.env.DB;
  const rateLimited = (by: "client" | "account", retryAfterSeconds: number): LoginOutcome => {
    logWarn("admin_login_rate_limited", { by });
    return { ok: false, status: 429, message: ADMIN_LOGIN_MESSAGES.rateLimited, retryAfterSeconds };
  };
  try {
    const client = await hitClientRateLimit(d1, clientRule(context), request, context.env.IP_HASH_SECRET);
    if (!client.allowed) return rateLimited("client", client.retryAfterSeconds);
    // Counted before the password is verified (ADR 0034): simultaneous attempts cannot all slip under the limit.
    const account = await claimPasswordCheck(context, email);
    if (!account.allowed) return rateLimited("account", account.retryAfterSeconds);

    const db = createDb(d1);
    const [admin] = await db
      .select({ id: adminUsers.id, passwordHash: adminUsers.passwordHash, isDisabled: adminUsers.isDisabled })
      .from(adminUsers)
      .where(eq(adminUsers.email, email))
      .limit(1);
    const usable = admin && !admin.isDisabled;
    // Always one PBKDF2 verification, so response time does not reveal whether the account exists.
    const matches = await verifyPassword(password, usable ? admin.passwordHash : UNKNOWN_ACCOUNT_HASH);
    if (!usable || !matches) {
      logWarn("admin_login_failed");
      return { ok: false, status: 401, message: ADMIN_LOGIN_MESSAGES.invalid };
    }

    const setCookie = await startSession(request, context, admin.id);
    await Promise.all([
      account.verified(),
      db.update(adminUsers).set({ lastLoginAt: new Date().toISOString() }).where(eq(adminUsers.id, admin.id)),
    ]);
    return { ok: true, setCookie };
  } catch (error) {
    logError("admin_login_error", error);
    return { ok: false, status: 503, message: ADMIN_LOGIN_MESSAGES.unavailable };
  }
}

export async function loadLoginPage({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"));
  if (await currentAdmin(request, context)) throw redirect(returnTo);
  return json({ returnTo, signedOut: url.searchParams.has("signedOut") });
}

/**
 * Signs in, then on to the page the admin came for. A refusal answers the form again with one
 * message (never which part was wrong) and the typed email, never the password; a refused rate
 * limit says when to retry.
 */
export async function loginAction({ request, context }: ActionFunctionArgs) {
  const fields = (await readFormFields(request)) ?? {};
  const returnTo = safeReturnPath(fields.redirectTo);
  const submission = parseAdminForm(fields, loginSchema);
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    json(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status, headers });
  if (submission.status !== "success") return refuse(ADMIN_LOGIN_MESSAGES.missing, 400);
  const outcome = await attemptLogin(request, context, submission.value);
  if (outcome.ok) return redirect(returnTo, { headers: { "Set-Cookie": outcome.setCookie } });
  return refuse(outcome.message, outcome.status, outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined);
}

/** Signing out is a POST (a link must not end a session): the session row goes, then the cookie. */
export async function logoutAction({ request, context }: ActionFunctionArgs) {
  const session = await currentAdmin(request, context);
  if (session?.sessionId) await endSession(context, session.sessionId);
  return redirect(`${LOGIN_PATH}?signedOut=1`, {
    headers: { "Set-Cookie": await clearSessionCookie(request, context) },
  });
}
