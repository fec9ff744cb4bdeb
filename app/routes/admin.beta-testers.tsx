import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadBetaTesters as loader, betaTestersAction as action } from "~/features/admin/beta-testers/beta-testers.server";
export { BetaTestersPage as default } from "~/features/admin/beta-testers/BetaTestersPage";

export const meta: MetaFunction = () => adminMeta("Beta testers");
