import type { MetaFunction } from "@remix-run/cloudflare";
import type { loadBetaTester } from "~/features/admin/beta-testers/tester-page.server";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadBetaTester as loader, betaTesterAction as action } from "~/features/admin/beta-testers/tester-page.server";
export { TesterPage as default } from "~/features/admin/beta-testers/TesterPage";

export const meta: MetaFunction<typeof loadBetaTester> = ({ data }) => adminMeta(data ? data.person.email : "Person not found");
