/** Admin accounts and signed-in requests for integration tests (real D1 rows, real sign-in). */
import { hashPassword } from "~/features/admin/password-hash.mjs";
import { createTestApp, formPost, type TestApp } from "./app";

export const OWNER = { email: "owner@example.test", password: "correct horse battery staple" };

let cachedHash: { password: string; hash: string } | undefined;

export async function createAdminUser(
  db: D1Database,
  { email, password = OWNER.password, role = "owner", disabled = false }: { email: string; password?: string; role?: "owner" | "admin"; disabled?: boolean },
): Promise<number> {
  // PBKDF2 at full strength is slow on purpose; tests reuse one hash per password.
  if (cachedHash?.password !== password) cachedHash = { password, hash: await hashPassword(password) };
  const row = await db
    .prepare("INSERT INTO admin_users (email, password_hash, role, is_disabled) VALUES (?1, ?2, ?3, ?4) RETURNING id")
    .bind(email, cachedHash.hash, role, disabled ? 1 : 0)
    .first<{ id: number }>();
  return row!.id;
}

/**
 * The start of an admin page's tests: a test app (with `env` over the defaults), the owner's
 * account, and the Cookie header of the owner signed in.
 */
export async function openAdminApp(env: Record<string, string> = {}): Promise<{ app: TestApp; cookie: string; ownerId: number }> {
  const app = await createTestApp(env);
  const ownerId = await createAdminUser(app.db, { email: OWNER.email, role: "owner" });
  return { app, cookie: await signIn(app), ownerId };
}

/** The `name=value` pair of a Set-Cookie header, for sending back. */
export function cookiePair(setCookie: string | null, name = "lv_admin"): string {
  const pair = (setCookie ?? "").split(/,(?=\s*[^;,]+=)/).map((c) => c.trim()).find((c) => c.startsWith(`${name}=`));
  if (!pair) throw new Error(`no ${name} cookie in: ${setCookie}`);
  return pair.split(";")[0]!;
}

/** Signs in through the real login action; returns the Cookie header value of the session. */
export async function signIn(app: TestApp, email = OWNER.email, password = OWNER.password, ip = "198.51.100.7"): Promise<string> {
  const response = await app.fetch(formPost("/admin/login", { email, password, redirectTo: "/admin/dashboard" }, ip));
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  return cookiePair(response.headers.get("Set-Cookie"));
}

/** A GET as a browser navigation with the given cookie. */
export function pageGet(path: string, cookie?: string): Request {
  return new Request(new URL(path, "http://127.0.0.1:8788"), {
    headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** A same-origin form POST with the given cookie. */
export function adminPost(path: string, fields: Record<string, string>, cookie?: string): Request {
  return formPost(path, fields, "198.51.100.7", { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) });
}

/** The text React escaped into the HTML, as the visitor reads it. */
export function decodeHtml(text: string): string {
  return text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/**
 * Follows an admin action's redirect the way a browser would, sending the flash cookie it set;
 * returns where it went, the page, and the flash message shown on it (null when none).
 */
export async function followFlash(
  app: TestApp,
  response: Response,
  cookie: string,
): Promise<{ location: string; status: number; html: string; flash: string | null; flashKind: "success" | "error" | null }> {
  const location = response.headers.get("Location");
  if (response.status !== 302 || !location) throw new Error(`expected a redirect, got ${response.status}`);
  const flashCookie = cookiePair(response.headers.get("Set-Cookie"), "lv_admin_flash");
  const page = await app.fetch(pageGet(location, `${cookie}; ${flashCookie}`));
  const html = await page.text();
  const match = /class="flash flash-(success|error)"[^>]*>([^<]*)</.exec(html);
  return {
    location,
    status: page.status,
    html,
    flash: match ? decodeHtml(match[2]!) : null,
    flashKind: (match?.[1] as "success" | "error" | undefined) ?? null,
  };
}
