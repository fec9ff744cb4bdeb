/**
 * The admin's cookies, signed with SESSION_SECRET (HMAC-SHA256 via Remix's createCookie).
 * On https both take the __Host- prefix, which browsers only accept with Secure, Path=/ and no
 * Domain: they cannot be set or shadowed by a subdomain (ADR 0016, ADR 0034). On plain http (the
 * local stack on 127.0.0.1) browsers refuse Secure cookies, so the same cookies go without prefix
 * and Secure.
 */
import { createCookie, type AppLoadContext, type Cookie, type CookieOptions } from "@remix-run/cloudflare";

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

function adminCookie(request: Request, context: AppLoadContext, name: string, options: CookieOptions = {}): Cookie {
  const secure = isHttps(request);
  return createCookie(secure ? `__Host-${name}` : name, {
    secrets: [context.env.SESSION_SECRET],
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    ...options,
  });
}

export function sessionCookie(request: Request, context: AppLoadContext) {
  return adminCookie(request, context, "lv_admin");
}

/** One minute: long enough for the redirect after a change, gone if the page is never opened. */
export function flashCookie(request: Request, context: AppLoadContext) {
  return adminCookie(request, context, "lv_admin_flash", { maxAge: 60 });
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
