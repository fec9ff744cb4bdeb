import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { loadAdminLayout } from "~/features/admin/layout.server";
import { siteConfig } from "~/config/site";
import adminStyles from "~/styles/admin.css";
import type { RouteHandle } from "~/root";

export { AdminLayout as default, AdminErrorPage as ErrorBoundary } from "~/features/admin/AdminLayout";

export const handle: RouteHandle = { publicShell: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [{ title: `Admin · ${siteConfig.appName}` }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdminLayout(request, context);
}
