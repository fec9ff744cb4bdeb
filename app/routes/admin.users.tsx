import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadUsersPage as loader, usersAction as action } from "~/features/admin/users/users.server";
export { UsersPage as default } from "~/features/admin/users/UsersPage";
/** A refused own-password change (too many attempts) says when to retry. */
export { retryAfterHeaders as headers } from "~/features/admin/retry-after-headers";

export const meta: MetaFunction = () => adminMeta("Users");
