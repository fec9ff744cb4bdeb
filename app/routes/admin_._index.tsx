import { redirect } from "@remix-run/cloudflare";
import { LOGIN_PATH } from "~/features/admin/session.server";

/** /admin is the door: the login page sends signed-in admins on to the dashboard. */
export function loader() {
  return redirect(LOGIN_PATH);
}
