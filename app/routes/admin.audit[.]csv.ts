/** The audit log as a CSV download, with the same filters and order as the page. */
export { loadAuditLogCsv as loader } from "~/features/admin/audit-log/audit-log.server";
