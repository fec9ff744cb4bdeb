import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadEmailPage as loader, emailAction as action } from "~/features/admin/email/email.server";
export { EmailPage as default } from "~/features/admin/email/EmailPage";

export const meta: MetaFunction = () => adminMeta("Email");
