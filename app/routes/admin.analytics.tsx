import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadAnalyticsPage as loader, analyticsAction as action } from "~/features/admin/analytics/analytics.server";
export { AnalyticsPage as default } from "~/features/admin/analytics/AnalyticsPage";

export const meta: MetaFunction = () => adminMeta("Analytics");
