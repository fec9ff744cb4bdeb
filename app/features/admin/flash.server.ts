/**
 * One-time confirmation messages after an admin mutation (post, redirect, get): the action sets a
 * short-lived signed cookie, the admin layout's loader shows it once and clears it.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { flashCookie, readCookie } from "./cookies.server";

export interface Flash {
  kind: "success" | "error";
  message: string;
}

function isFlash(value: unknown): value is Flash {
  const flash = value as Flash | null;
  return (
    typeof flash === "object" && flash !== null && (flash.kind === "success" || flash.kind === "error") && typeof flash.message === "string"
  );
}

export async function redirectWithFlash(
  request: Request,
  context: AppLoadContext,
  to: string,
  flash: Flash,
  headers: HeadersInit = {},
): Promise<Response> {
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await flashCookie(request, context).serialize(flash));
  return redirect(to, { headers: responseHeaders });
}

/** The pending flash, if any, and the Set-Cookie value that clears it. */
export async function takeFlash(request: Request, context: AppLoadContext): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie(request, context);
  const value = await readCookie(cookie, request);
  if (!isFlash(value)) return { flash: null, clear: null };
  return { flash: value, clear: await cookie.serialize("", { maxAge: 0 }) };
}
