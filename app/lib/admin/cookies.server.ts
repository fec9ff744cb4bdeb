/**
 * The admin's cookies, signed with SESSION_SECRET (HMAC-SHA256 via Remix's createCookie).
 * On https the session cookie takes the __Host- prefix, which browsers only accept with Secure,
 * Path=/ and no Domain: it cannot be set or shadowed by a subdomain.
 */
import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookie(request: Request, context: AppLoadContext) {
  const secure = isHttps(request);
  return createCookie(secure ? "__Host-lv_admin" : "lv_admin", {
    secrets: [context.env.SESSION_SECRET],
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
  });
}

export function flashCookie(request: Request, context: AppLoadContext) {
  return createCookie("lv_admin_flash", {
    secrets: [context.env.SESSION_SECRET],
    httpOnly: true,
    secure: isHttps(request),
    sameSite: "lax",
    path: "/admin",
    maxAge: 60,
  });
}
