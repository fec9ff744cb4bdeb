/**
 * Admin sessions (architecture decision 1): D1 rows referenced by a signed, HttpOnly cookie.
 * The cookie carries a random token; the row's id is its SHA-256, so a leaked table yields no
 * usable cookie. A session ends after ADMIN_SESSION_IDLE_SECONDS without use, ADMIN_SESSION_ABSOLUTE_SECONDS
 * after sign-in, at logout, when its admin is disabled, or when the password changes.
 */
import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne } from "drizzle-orm";
import { adminSessions, adminUsers } from "~/db/schema";
import {
  ADMIN_SESSION_ABSOLUTE_SECONDS,
  ADMIN_SESSION_IDLE_SECONDS,
  ADMIN_SESSION_TOUCH_SECONDS,
} from "~/lib/constants";
import { createDb } from "~/lib/db.server";
import { logError } from "~/lib/log.server";
import { accessEmail } from "./access-jwt.server";
import { ADMIN_UNAVAILABLE_MESSAGE } from "./messages";
import { readCookie, sessionCookie } from "./cookies.server";

export type AdminRole = "owner" | "admin";

export interface SignedInAdmin {
  id: number;
  email: string;
  name: string | null;
  role: AdminRole;
}

export interface AdminSession {
  admin: SignedInAdmin;
  /** The D1 session row; null when Cloudflare Access vouched for this request instead. */
  sessionId: string | null;
}

export const LOGIN_PATH = "/admin/login";
export const DASHBOARD_PATH = "/admin/dashboard";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const adminColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  name: adminUsers.name,
  role: adminUsers.role,
  isDisabled: adminUsers.isDisabled,
};

/** Starts a session for an admin who just proved who they are; returns its Set-Cookie value. */
export async function startSession(request: Request, context: AppLoadContext, adminId: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await createDb(context.cloudflare.env.DB)
    .insert(adminSessions)
    .values({
      id: await sha256Hex(token),
      adminId,
      createdAt: new Date(now).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ADMIN_SESSION_ABSOLUTE_SECONDS * 1000).toISOString(),
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300) || null,
    });
  return sessionCookie(request, context).serialize(token, { maxAge: ADMIN_SESSION_ABSOLUTE_SECONDS });
}

/** A Set-Cookie value that removes the session cookie from the browser. */
export function clearSessionCookie(request: Request, context: AppLoadContext): Promise<string> {
  return sessionCookie(request, context).serialize("", { maxAge: 0 });
}

async function sessionFromCookie(request: Request, context: AppLoadContext): Promise<AdminSession | null> {
  const token = await readCookie(sessionCookie(request, context), request);
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return null;
  const id = await sha256Hex(token);
  const db = createDb(context.cloudflare.env.DB);
  const [row] = await db
    .select({ ...adminColumns, lastSeenAt: adminSessions.lastSeenAt, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .where(eq(adminSessions.id, id))
    .limit(1);
  if (!row) return null;

  const now = Date.now();
  const idleSince = now - Date.parse(row.lastSeenAt);
  const expired = Date.parse(row.expiresAt) <= now || idleSince >= ADMIN_SESSION_IDLE_SECONDS * 1000;
  if (expired || row.isDisabled) {
    await db.delete(adminSessions).where(eq(adminSessions.id, id));
    return null;
  }
  if (idleSince >= ADMIN_SESSION_TOUCH_SECONDS * 1000) {
    context.cloudflare.ctx.waitUntil(
      db
        .update(adminSessions)
        .set({ lastSeenAt: new Date(now).toISOString() })
        .where(eq(adminSessions.id, id))
        .catch((error) => logError("admin_session_touch_failed", error)),
    );
  }
  return { admin: { id: row.id, email: row.email, name: row.name, role: row.role }, sessionId: id };
}

async function sessionFromAccess(request: Request, context: AppLoadContext): Promise<AdminSession | null> {
  const email = await accessEmail(request, context.env);
  if (!email) return null;
  const [row] = await createDb(context.cloudflare.env.DB).select(adminColumns).from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
  if (!row || row.isDisabled) return null;
  return { admin: { id: row.id, email: row.email, name: row.name, role: row.role }, sessionId: null };
}

// Loaders of one request (layout and page) share one lookup.
const lookups = new WeakMap<Request, Promise<AdminSession | null>>();

/**
 * The signed-in admin, or null. Never throws for a bad cookie. When D1 cannot answer it throws a
 * 503 (the admin ErrorBoundary's "database unavailable" page): an outage is temporary and ours,
 * neither a sign-out nor an unexplained 500.
 */
export function currentAdmin(request: Request, context: AppLoadContext): Promise<AdminSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = sessionFromAccess(request, context)
      .then((viaAccess) => viaAccess ?? sessionFromCookie(request, context))
      .catch((error) => {
        logError("admin_session_lookup_failed", error); // once per request, however many loaders ask
        throw error;
      });
    lookups.set(request, lookup);
  }
  // A fresh Response per caller: Remix reads a thrown Response's body, and the layout and the page
  // loader of one request share the lookup.
  return lookup.catch(() => {
    throw json({ error: ADMIN_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Cache-Control": "no-store" } });
  });
}

/** Where to come back to after signing in: only admin pages, never another site. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !/^\/admin\/[a-z]/.test(value) || /[\\\s]|\/\//.test(value)) return DASHBOARD_PATH;
  if (value.startsWith(LOGIN_PATH) || value.startsWith("/admin/logout")) return DASHBOARD_PATH;
  return value;
}

/** The page the request belongs to, without Remix's data-request parameters. */
function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

/** Page navigations (HTML or Remix data requests) go to the login page; anything else gets 401. */
function wantsPage(request: Request): boolean {
  const url = new URL(request.url);
  return url.searchParams.has("_data") || (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * Every admin loader and action starts here. Without a valid session it throws: a redirect to the
 * login page with a return path for pages, 401 for everything else.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminSession> {
  const session = await currentAdmin(request, context);
  if (session) return session;
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (request.headers.get("Cookie")?.includes("lv_admin=")) {
    headers.append("Set-Cookie", await clearSessionCookie(request, context));
  }
  if (wantsPage(request)) {
    const returnTo = safeReturnPath(pagePath(request));
    throw redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(returnTo)}`, { headers });
  }
  headers.set("WWW-Authenticate", 'Cookie realm="admin"');
  throw json({ error: "Authentication required" }, { status: 401, headers });
}

/** Ends this session (logout). */
export async function endSession(context: AppLoadContext, sessionId: string): Promise<void> {
  await createDb(context.cloudflare.env.DB).delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

/** The statement that ends an admin's sessions, all or all but one (password change, disable). */
export function endSessionsStatement(context: AppLoadContext, adminId: number, keepSessionId?: string | null) {
  const db = createDb(context.cloudflare.env.DB);
  return keepSessionId
    ? db.delete(adminSessions).where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId)))
    : db.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
}
