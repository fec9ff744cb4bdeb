import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookie, currentAdmin, endSession, LOGIN_PATH } from "~/features/admin/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await currentAdmin(request, context);
  if (session?.sessionId) await endSession(context, session.sessionId);
  return redirect(`${LOGIN_PATH}?signedOut=1`, {
    headers: { "Set-Cookie": await clearSessionCookie(request, context) },
  });
}

/** Signing out is a POST (a link must not end a session); a GET just goes to the login page. */
export function loader() {
  return redirect(LOGIN_PATH);
}
