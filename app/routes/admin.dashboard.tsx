import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadDashboardPage as loader } from "~/features/admin/dashboard/dashboard.server";
export { DashboardPage as default } from "~/features/admin/dashboard/DashboardPage";

export const meta: MetaFunction = () => adminMeta("Dashboard");
