/**
 * The admin's cookies, signed with SESSION_SECRET (HMAC-SHA256 via Remix's createCookie).
 * On https the session cookie takes the __Host- prefix, which browsers only accept with Secure,
 * Path=/ and no Domain: it cannot be set or shadowed by a subdomain.
 */
import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/cloudflare";

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

/**
 * The cookie's value in this request; null when it is absent, signed with another secret, or not a
 * cookie we could have written. Remix's parse throws when the signature is not base64 (atob), so a
 * garbage cookie would otherwise be a 500.
 */
export async function readCookie(cookie: Cookie, request: Request): Promise<unknown> {
  try {
    return await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
}
