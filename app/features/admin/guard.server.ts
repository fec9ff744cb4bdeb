/**
 * What every admin action starts and ends with. It starts with the session check (before the body
 * is even read), then the form fields; a body that is not a form gets 400, never a crash. It ends by
 * telling the request pipeline, through ADMIN_WRITE_HEADER, that a signed-in admin's action was
 * accepted, so the public pages it may have changed are rendered afresh (ADR 0025). And when its
 * write fails, it answers the admin's page, never the error page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/cloudflare";
import type { ZodType } from "zod";
import { ADMIN_WRITE_HEADER } from "~/lib/admin-write";
import { logError } from "~/lib/log.server";
import { readFormFields } from "~/lib/public-form.server";
import { redirectWithFlash } from "./flash.server";
import { recordId } from "./form-schema";
import { ADMIN_SAVE_FAILED_MESSAGE } from "./messages";
import { requireAdmin, type AdminSession } from "./session.server";

export interface AdminActionArgs extends ActionFunctionArgs {
  session: AdminSession;
  /** The form's text fields as sent (the last value of a repeated name). */
  fields: Record<string, string>;
}

/**
 * An admin route's action: `handle` runs only for a signed-in admin and a body that is a form. An
 * answer below 400 (a redirect with its flash, mostly) is marked for the pipeline; a refusal is not.
 */
export function adminAction<Answer extends Response>(handle: (args: AdminActionArgs) => Promise<Answer>) {
  return async (args: ActionFunctionArgs): Promise<Answer> => {
    const session = await requireAdmin(args.request, args.context);
    const fields = await readFormFields(args.request);
    if (!fields) throw json({ error: "Send the form as form data." }, { status: 400 });
    const answer = await handle({ ...args, session, fields });
    if (answer.status < 400) answer.headers.set(ADMIN_WRITE_HEADER, "1");
    return answer;
  };
}

/**
 * The submission of an admin form: the fields read by conform against the form's zod schema, the
 * one the browser validates with too. Conform's own control fields (`__intent__`, `__state__`) are
 * never sent by these pages and are left out, so nothing else can steer the parse.
 */
export function parseAdminForm<Schema extends ZodType>(fields: Record<string, string>, schema: Schema) {
  const { __intent__: _intent, __state__: _state, ...sent } = fields;
  return parseWithZod(new URLSearchParams(sent), { schema });
}

/** A positive integer id from a URL parameter (`?confirm=`, `/reviews/:id`), else null. */
export function parseId(value: string | null | undefined): number | null {
  const parsed = recordId("").safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Runs the writing part of an admin action. When it throws (D1 down or a statement refused; the
 * batch then left nothing behind), the failure is logged and `failed()` answers instead: the
 * admin's page again with ADMIN_SAVE_FAILED_MESSAGE, rather than the error page. Remix's own thrown
 * Responses pass through untouched.
 */
export async function answerSaveFailure<Saved extends Response, Failed extends Response>(
  log: { event: string; intent?: string },
  save: () => Promise<Saved>,
  failed: () => Failed | Promise<Failed>,
): Promise<Saved | Failed> {
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
