import { redirect } from "@remix-run/cloudflare";
import { LOGIN_PATH } from "~/features/admin/session.server";

export { logoutAction as action } from "~/features/admin/login.server";

/** Signing out is a POST (a link must not end a session); a GET just goes to the login page. */
export function loader() {
  return redirect(LOGIN_PATH);
}
