import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadImportPreview as loader, importPreviewAction as action } from "~/features/admin/import/import-pages.server";
export { ImportPreviewPage as default } from "~/features/admin/import/ImportPreviewPage";

export const meta: MetaFunction = () => adminMeta("Import preview");
