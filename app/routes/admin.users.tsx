import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadUsersPage as loader, usersAction as action } from "~/features/admin/users/users.server";
export { UsersPage as default } from "~/features/admin/users/UsersPage";

export const meta: MetaFunction = () => adminMeta("Users");
