import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadContactMessages as loader, contactMessagesAction as action } from "~/features/admin/contact-messages/contact-messages.server";
export { ContactMessagesPage as default } from "~/features/admin/contact-messages/ContactMessagesPage";

export const meta: MetaFunction = () => adminMeta("Contact messages");
