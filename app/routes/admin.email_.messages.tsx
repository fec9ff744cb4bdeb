import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadEmailLogPage as loader } from "~/features/admin/email/email-log.server";
export { EmailLogPage as default } from "~/features/admin/email/EmailLogPage";

export const meta: MetaFunction = () => adminMeta("Email log");
