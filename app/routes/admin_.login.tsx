import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import adminStyles from "~/styles/admin.css";
import type { RouteHandle } from "~/root";

export { loadLoginPage as loader, loginAction as action } from "~/features/admin/login.server";
export { LoginPage as default } from "~/features/admin/LoginPage";

export const handle: RouteHandle = { publicShell: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => adminMeta("Sign in");

/** A refused sign-in's Retry-After reaches the browser on a plain form post too. */
export { retryAfterHeaders as headers } from "~/features/admin/retry-after-headers";
