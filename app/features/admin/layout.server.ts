/**
 * What the admin layout shows on every page: who is signed in, the pending flash, unread messages,
 * and whether the development mailbox is where email goes (its page is in the navigation only then).
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { count, eq } from "drizzle-orm";
import { contactSubmissions } from "~/db/schema";
import { createDb } from "~/lib/db.server";
import { emailModeOf } from "./email/email.server";
import { takeFlash } from "./flash.server";
import { requireAdmin } from "./session.server";

export async function loadAdminLayout(request: Request, context: AppLoadContext) {
  const { admin, sessionId } = await requireAdmin(request, context);
  const [{ flash, clear }, [unread]] = await Promise.all([
    takeFlash(request, context),
    createDb(context.cloudflare.env.DB).select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.isRead, false)),
  ]);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  return json({ admin, viaAccess: sessionId === null, flash, unreadContacts: unread?.n ?? 0, devMailbox: emailModeOf(context.env) === "local-mailbox" }, { headers });
}
