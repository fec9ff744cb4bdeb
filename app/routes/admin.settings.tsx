import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadSettings as loader, settingsAction as action } from "~/features/admin/settings/settings.server";
export { SettingsPage as default } from "~/features/admin/settings/SettingsPage";

export const meta: MetaFunction = () => adminMeta("Settings");
