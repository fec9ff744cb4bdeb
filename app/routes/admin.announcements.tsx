import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadAnnouncements as loader, announcementsAction as action } from "~/features/admin/announcements/announcements.server";
export { AnnouncementsPage as default } from "~/features/admin/announcements/AnnouncementsPage";

export const meta: MetaFunction = () => adminMeta("Announcements");
