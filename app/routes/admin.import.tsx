import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadImportUpload as loader, importUploadAction as action } from "~/features/admin/import/import-pages.server";
export { ImportPage as default } from "~/features/admin/import/ImportPage";

export const meta: MetaFunction = () => adminMeta("Import people");
