/**
 * What every admin action starts with: the session check (before the body is even read), then the
 * form fields. A body that is not a form gets 400, never a crash.
 */
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { readFormFields } from "~/lib/public-form.server";
import { requireAdmin, type AdminSession } from "./session.server";

export async function readAdminForm(
  request: Request,
  context: AppLoadContext,
): Promise<{ session: AdminSession; fields: Record<string, string> }> {
  const session = await requireAdmin(request, context);
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
