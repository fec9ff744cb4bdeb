import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadMailboxMessage as loader } from "~/features/admin/mailbox/mailbox.server";
export { MailboxMessagePage as default } from "~/features/admin/mailbox/MailboxMessagePage";

export const meta: MetaFunction = () => adminMeta("Development mailbox");
