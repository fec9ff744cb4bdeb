import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { PageHeader } from "~/features/admin/ui/PageHeader";
// Only types from the .server module: the browser bundle leaves its values out.
import type { loadImportUpload, UploadRefusal } from "./import-pages.server";

/** The columns the import reads, as the help lists them: the header's name, then what it holds. */
const COLUMNS: readonly [string, string][] = [
  ["email", "Required. Checked as the sign-up form checks it."],
  ["name", "Or first_name and last_name. Optional."],
  ["intent", "beta_testing (the default) or waitlist (a notify-me request)."],
  ["platform", "ios (the default), android, macos, chrome_extension or all_platforms."],
  ["signed_up", "The date they signed up, like 2025-01-31 (also created_at or date). Optional."],
  ["consent_evidence", "Optional: how and when they agreed to hear from you (or the export's consent_* columns)."],
];

/** /admin/import: the upload form, and what a file needs. */
export function ImportPage() {
  const data = useLoaderData<typeof loadImportUpload>();
  const refusal = useActionData<UploadRefusal>();
  const busy = useNavigation().state === "submitting";
  const megabytes = data.maxBytes / 1024 / 1024;
  return (
    <>
      <PageHeader
        title="Import people"
        description="Bring people in from another tool or a spreadsheet. You see what will be added and what skipped, and why, before anything is imported."
      />
      <section className="admin-panel" aria-labelledby="import-upload-title">
        <h2 id="import-upload-title">Upload a CSV file</h2>
        <AlertMessage message={refusal?.error} testId="import-error" />
        <Form method="post" encType="multipart/form-data" className="import-upload">
          <div>
            <label className="field-label" htmlFor="import-file">
              CSV file
            </label>
            <input
              className="field-input"
              id="import-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              aria-describedby="import-file-hint"
              aria-invalid={refusal ? true : undefined}
            />
            <p id="import-file-hint" className="field-hint">
              UTF-8 CSV, up to {megabytes} MB and {data.maxRows.toLocaleString("en")} people. Nothing is added until you confirm on the next page.
            </p>
          </div>
          <div className="admin-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Reading the file…" : "Preview the import"}
            </button>
          </div>
        </Form>
      </section>
      <section className="admin-panel" aria-labelledby="import-columns-title">
        <h2 id="import-columns-title">What the file holds</h2>
        <p className="field-hint">
          The first line names the columns, in any order and spelling (Email, E-mail address, first name…). Other columns are ignored. A file
          exported from Beta testers imports as it is.
        </p>
        <dl className="import-columns">
          {COLUMNS.map(([name, text]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <p className="field-hint">
          People with consent evidence are added as confirmed, with it as their proof of consent.{" "}
          {data.emailEnabled
            ? "Everyone else is added as pending and sent the confirmation email; they join the list only when they confirm."
            : "Email is off, so people without consent evidence cannot be asked to confirm, and are skipped."}{" "}
          Addresses already on the list (in any spelling of the same inbox), on the suppression list, or twice in the file are skipped, so
          importing the same file again adds no one.
        </p>
      </section>
    </>
  );
}
