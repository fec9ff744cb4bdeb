/**
 * The import's pages (ADR 0053): /admin/import (the upload form; its POST reads the file and sends
 * the admin to the preview) and /admin/import/<signed id> (the preview, then the result; its POST
 * imports or discards). Both work without JavaScript: plain forms, post/redirect/get.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { adminAction, answerSaveFailure, saveFailedRedirect } from "~/features/admin/guard.server";
import { withQuery } from "~/features/admin/list-page.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { emailSettings } from "~/lib/env.server";
import { decodeImportFile, IMPORT_FILE_TOO_LARGE_MESSAGE, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS, readImportFile, ROW_OUTCOMES } from "./import-file";
import { discardImport, openImport, previewRows, runImport, stageImport, type ImportCounts, type PreviewFilter } from "./import.server";

const IMPORT_PATH = ADMIN_PATHS.import;
export const IMPORT_GONE_MESSAGE = "This import preview has expired or was discarded. Upload the file again.";

/** What the upload form answers when it refuses the file: the reason, and the status it was sent with. */
export interface UploadRefusal {
  error: string;
}

const refuse = (error: string, status: number) => json<UploadRefusal>({ error }, { status });

export async function loadImportUpload({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ maxBytes: IMPORT_MAX_FILE_BYTES, maxRows: IMPORT_MAX_ROWS, emailEnabled: emailSettings(context.env).enabled });
}

/**
 * The upload: the session first, then the file (multipart). Whatever is wrong with the file is said
 * on the form with a 4xx; only a storage failure is the admin's error flash.
 */
export async function importUploadAction({ request, context }: ActionFunctionArgs) {
  const session = await requireAdmin(request, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("Send the file with the upload form (a multipart form).", 400);
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) return refuse("Choose a CSV file to upload.", 400);
  if (file.size > IMPORT_MAX_FILE_BYTES) return refuse(IMPORT_FILE_TOO_LARGE_MESSAGE, 413);
  const decoded = decodeImportFile(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) return refuse(decoded.message, 415);
  const read = readImportFile(decoded.text);
  if (!read.ok) return refuse(read.message, 422);
  return answerSaveFailure(
    { event: "admin_import_upload_failed" },
    async () => {
      const { token } = await stageImport(context, session.admin, { name: file.name || "upload.csv", rows: read.rows, ignoredColumns: read.ignoredColumns });
      return redirect(`${IMPORT_PATH}/${token}`);
    },
    () => saveFailedRedirect(request, context, IMPORT_PATH),
  );
}

const previewQuery = z.object({
  show: z.enum(["all", ...ROW_OUTCOMES] as [PreviewFilter, ...PreviewFilter[]]).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export async function loadImportPreview({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const summary = await openImport(context, params.token);
  if (!summary) throw json({ error: IMPORT_GONE_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const query = previewQuery.parse({ show: url.searchParams.get("show") ?? undefined, page: url.searchParams.get("page") ?? undefined });
  const list = summary.status === "imported" ? null : await previewRows(context.cloudflare.env.DB, summary.id, query.show, query.page);
  const here = url.pathname;
  return json({
    summary,
    show: query.show,
    list,
    filterLinks: (["all", ...ROW_OUTCOMES] as PreviewFilter[]).map((show) => ({
      show,
      href: withQuery(here, new URLSearchParams(show === "all" ? {} : { show })),
      count: show === "all" ? summary.rows : summary.counts[show],
    })),
  });
}

/** The result in a sentence, for the flash. */
function resultMessage(result: ImportCounts): string {
  const skipped = result.duplicate + result.suppressed + result.invalid;
  const added = `Imported ${result.add.toLocaleString("en")} ${result.add === 1 ? "person" : "people"}`;
  const split = result.add > 0 ? ` (${result.confirmed.toLocaleString("en")} confirmed, ${result.pending.toLocaleString("en")} asked to confirm)` : "";
  return `${added}${split}; skipped ${skipped.toLocaleString("en")}.`;
}

/** intent "import" or "discard", from the preview. */
export const importPreviewAction = adminAction(async ({ request, context, params, session, fields }) => {
  const here = new URL(request.url).pathname;
  const summary = await openImport(context, params.token);
  if (!summary) return redirectWithFlash(request, context, IMPORT_PATH, { kind: "error", message: IMPORT_GONE_MESSAGE });
  if (fields.intent === "discard") {
    return answerSaveFailure(
      { event: "admin_import_discard_failed", intent: "discard" },
      async () => {
        await discardImport(context, session.admin, summary);
        return redirectWithFlash(request, context, IMPORT_PATH, { kind: "success", message: `Discarded the import of ${summary.fileName}.` });
      },
      () => saveFailedRedirect(request, context, here),
    );
  }
  if (fields.intent !== "import") return redirectWithFlash(request, context, here, { kind: "error", message: "That action is not available on this page." });
  return answerSaveFailure(
    { event: "admin_import_failed", intent: "import" },
    async () => {
      const outcome = await runImport(context, session.admin, summary);
      switch (outcome.kind) {
        case "imported":
          return redirectWithFlash(request, context, here, { kind: "success", message: resultMessage(outcome.result) });
        case "already":
          return redirectWithFlash(request, context, here, { kind: "error", message: "This file was imported already: nothing more was added." });
        case "busy":
          return redirectWithFlash(request, context, here, { kind: "error", message: "This file is being imported right now. Reload the page in a minute." });
        default:
          return redirectWithFlash(request, context, IMPORT_PATH, { kind: "error", message: IMPORT_GONE_MESSAGE });
      }
    },
    () => saveFailedRedirect(request, context, here),
  );
});

