import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadAuditLogPage as loader } from "~/features/admin/audit-log/audit-log.server";
export { AuditLogPage as default } from "~/features/admin/audit-log/AuditLogPage";

export const meta: MetaFunction = () => adminMeta("Audit log");
