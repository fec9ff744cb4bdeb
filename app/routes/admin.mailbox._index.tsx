import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadMailbox as loader, mailboxAction as action } from "~/features/admin/mailbox/mailbox.server";
export { MailboxPage as default } from "~/features/admin/mailbox/MailboxPage";

export const meta: MetaFunction = () => adminMeta("Development mailbox");
