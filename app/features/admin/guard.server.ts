/**
 * What every admin action starts with: the session check (before the body is even read), then the
 * form fields. A body that is not a form gets 400, never a crash. And how an action ends when its
 * write fails: a handled answer, never the error page.
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { logError } from "~/lib/log.server";
import { readFormFields } from "~/lib/public-form.server";
import { redirectWithFlash } from "./flash.server";
import { ADMIN_SAVE_FAILED_MESSAGE } from "./messages";
import { requireAdmin, type AdminSession } from "./session.server";

export async function readAdminForm(
  request: Request,
  context: AppLoadContext,
): Promise<{ session: AdminSession; fields: Record<string, string> }> {
  const session = await requireAdmin(request, context);
  // A signed-in admin's accepted POST may change public pages: the pipeline then invalidates them.
  if (context.adminAction) context.adminAction.signedIn = true;
  const fields = await readFormFields(request);
  if (!fields) throw json({ error: "Send the form as form data." }, { status: 400 });
  return { session, fields };
}

/** A positive integer id from a form field or URL parameter, else null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Runs the writing part of an admin action. When it throws (D1 down or a statement refused; the
 * batch then left nothing behind), the failure is logged and `failed()` answers instead: the
 * admin's page again with ADMIN_SAVE_FAILED_MESSAGE, rather than the error page. Remix's own thrown
 * Responses pass through untouched.
 */
export async function answerSaveFailure(
  log: { event: string; intent?: string },
  save: () => Promise<Response>,
  failed: () => Response | Promise<Response>,
): Promise<Response> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof Response) throw error;
    logError(log.event, error, { intent: log.intent });
    return failed();
  }
}

/** The usual `failed()` of answerSaveFailure: back to `to`, with the error flash. */
export function saveFailedRedirect(request: Request, context: AppLoadContext, to: string): Promise<Response> {
  return redirectWithFlash(request, context, to, { kind: "error", message: ADMIN_SAVE_FAILED_MESSAGE });
}
