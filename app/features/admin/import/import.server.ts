/**
 * Importing people from a CSV file (ADR 0053), in two requests that never need the file twice:
 *
 * 1. the upload: the file is read (import-file.ts), each row classified against the list and the
 *    suppression list, and the rows stored in D1 (waitlist_import_rows) under a random id; the admin is
 *    sent to the preview, whose URL carries that id signed (lib/signed-token) and expiring;
 * 2. the import, from the preview: the rows to add are checked again against the list as it is now
 *    (it may have changed) and inserted a chunk per D1 batch, each chunk with its people's confirmation
 *    messages in the outbox. People with consent evidence are stored confirmed with it as their proof of
 *    consent; the others pending, asked to confirm by the ordinary confirmation message, which the jobs
 *    Worker sends at the provider's pace. Then the rows are deleted and the counts kept.
 *
 * The same file twice adds nothing: every person it holds is then a duplicate of the list.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq } from "drizzle-orm";
import { waitlistImportRows, waitlistImports } from "~/db/schema";
import { auditD1Statement } from "~/features/admin/audit.server";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { suppressedAmong } from "~/features/email/suppression.server";
import { newReferralCode } from "~/features/waitlist/referral-code";
import { preferencesFor } from "~/features/waitlist/sign-up-request";
import { createDb } from "~/lib/db.server";
import { emailSettings } from "~/lib/env.server";
import { inboxKey } from "~/lib/inbox";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import { deleteExpiredImports, IMPORT_LIFETIME_MS } from "./import-expiry.server";
import { classifyRows, ROW_OUTCOMES, type ClassifiedRow, type FileRow, type ImportPerson, type RowOutcome } from "./import-file";

/** How long an import holds its file; a crashed one can be run again after this. */
const IMPORT_CLAIM_MS = 2 * 60_000;
/** Rows per statement (one JSON parameter): well inside D1's 2 MB per value. */
const ROWS_PER_STATEMENT = 500;
/** Addresses per suppression query. */
const SUPPRESSION_CHUNK = 500;
export const IMPORT_PREVIEW_PAGE_SIZE = 50;
const TOKEN_PURPOSE = "import";

export interface ImportCounts {
  add: number;
  confirmed: number;
  pending: number;
  duplicate: number;
  suppressed: number;
  invalid: number;
}

export interface ImportSummary {
  id: string;
  fileName: string;
  status: "ready" | "importing" | "imported";
  rows: number;
  counts: ImportCounts;
  ignoredColumns: string[];
  result: ImportCounts | null;
  expiresAt: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The inbox of everyone on the list now (one column of every row: a few MB at 50,000 people). */
async function listedInboxes(db: D1Database): Promise<Set<string>> {
  const { results } = await db.prepare("SELECT email FROM waitlist").all<{ email: string }>();
  return new Set(results.map((row) => inboxKey(row.email)));
}

/** The suppressed among `addresses`, with why. Without the hashing secret there is no list. */
async function suppressedOf(db: D1Database, secret: string | undefined, addresses: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!secret) return found;
  for (const part of chunks(addresses, SUPPRESSION_CHUNK)) for (const [address, reason] of await suppressedAmong(db, secret, part)) found.set(address, reason);
  return found;
}

function countsOf(rows: readonly ClassifiedRow[]): ImportCounts {
  const counts: ImportCounts = { add: 0, confirmed: 0, pending: 0, duplicate: 0, suppressed: 0, invalid: 0 };
  for (const row of rows) {
    counts[row.outcome]++;
    if (row.outcome === "add") counts[row.person?.consent ? "confirmed" : "pending"]++;
  }
  return counts;
}

/**
 * Classifies the file's rows, stores them for the preview (and the audit entry of the upload), and
 * answers the signed id of the preview.
 */
export async function stageImport(
  context: AppLoadContext,
  admin: SignedInAdmin,
  file: { name: string; rows: FileRow[]; ignoredColumns: string[] },
  now: number = Date.now(),
): Promise<{ token: string; counts: ImportCounts }> {
  const db = context.cloudflare.env.DB;
  await deleteExpiredImports(db, now);
  const addresses = file.rows.flatMap((row) => (row.person ? [row.person.email] : []));
  const [listed, suppressed] = await Promise.all([listedInboxes(db), suppressedOf(db, context.env.SUPPRESSION_HASH_SECRET, addresses)]);
  const classified = classifyRows(file.rows, { listedInboxes: listed, suppressed, emailEnabled: emailSettings(context.env).enabled });
  const counts = countsOf(classified);
  const id = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const expiresAt = now + IMPORT_LIFETIME_MS;
  const fileName = file.name.slice(0, 200);
  await db.batch([
    db
      .prepare("INSERT INTO waitlist_imports (id, admin_id, file_name, counts, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind(id, admin.id, fileName, JSON.stringify({ ...counts, rows: classified.length, ignored_columns: file.ignoredColumns }), iso(now), iso(expiresAt)),
    ...chunks(classified, ROWS_PER_STATEMENT).map((part) =>
      db
        .prepare(
          `INSERT INTO waitlist_import_rows (import_id, line, outcome, reason, email, name, person)
           SELECT ?1, json_extract(value, '$.line'), json_extract(value, '$.outcome'), json_extract(value, '$.reason'),
                  json_extract(value, '$.email'), json_extract(value, '$.name'), json_extract(value, '$.person')
             FROM json_each(?2)`,
        )
        .bind(id, JSON.stringify(part.map(({ person, ...row }) => ({ ...row, person: person ? JSON.stringify(person) : null })))),
    ),
    auditD1Statement(db, admin, "previewed import", fileName, { import: id, rows: classified.length, ...counts }),
  ]);
  const token = await signToken(context.env.SESSION_SECRET, { purpose: TOKEN_PURPOSE, subject: id, expiresAt });
  return { token, counts };
}

/** The import a preview URL names, or null (a bad or expired link, or an upload gone). */
export async function openImport(context: AppLoadContext, token: string | undefined, now: number = Date.now()): Promise<ImportSummary | null> {
  const verified = await verifyToken(context.env.SESSION_SECRET, TOKEN_PURPOSE, token, now);
  if (verified.status !== "valid") return null;
  const [row] = await createDb(context.cloudflare.env.DB).select().from(waitlistImports).where(eq(waitlistImports.id, verified.subject)).limit(1);
  if (!row || row.expiresAt <= iso(now)) return null;
  const stored = row.counts as Partial<ImportCounts> & { rows?: number; ignored_columns?: string[] };
  const counts = Object.fromEntries(["add", "confirmed", "pending", ...ROW_OUTCOMES.slice(1)].map((key) => [key, Number(stored[key as keyof ImportCounts] ?? 0)])) as unknown as ImportCounts;
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    rows: Number(stored.rows ?? 0),
    counts,
    ignoredColumns: Array.isArray(stored.ignored_columns) ? stored.ignored_columns.map(String) : [],
    result: (row.result as ImportCounts | null) ?? null,
    expiresAt: row.expiresAt,
  };
}

export type PreviewFilter = "all" | RowOutcome;

/** A page of the preview's rows, in file order, all or those of one outcome. */
export async function previewRows(d1: D1Database, importId: string, show: PreviewFilter, page: number) {
  const db = createDb(d1);
  const where = show === "all" ? eq(waitlistImportRows.importId, importId) : and(eq(waitlistImportRows.importId, importId), eq(waitlistImportRows.outcome, show));
  const pageOf = (n: number) =>
    db
      .select({ line: waitlistImportRows.line, email: waitlistImportRows.email, name: waitlistImportRows.name, outcome: waitlistImportRows.outcome, reason: waitlistImportRows.reason })
      .from(waitlistImportRows)
      .where(where)
      .orderBy(asc(waitlistImportRows.line))
      .limit(IMPORT_PREVIEW_PAGE_SIZE)
      .offset((n - 1) * IMPORT_PREVIEW_PAGE_SIZE);
  const [[total], firstTry] = await db.batch([db.select({ n: count() }).from(waitlistImportRows).where(where), pageOf(page)]);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / IMPORT_PREVIEW_PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  return { rows: shown === page ? firstTry : await pageOf(shown), total: total?.n ?? 0, page: shown, pageCount };
}

export type ImportOutcome = { kind: "imported"; result: ImportCounts } | { kind: "gone" } | { kind: "busy" } | { kind: "already"; result: ImportCounts | null };

/** A person as the waitlist's columns hold them, for the insert's JSON parameter. */
function storedPerson(person: ImportPerson, seq: number | null, now: number) {
  const preferences = preferencesFor({ intent: person.intent, platform: person.platform }, false);
  const consent = person.consent;
  const signedUpAt = person.signedUpAt ?? iso(now);
  return {
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
    intent: person.intent,
    metadata: {
      user_agent: "",
      referrer: "",
      timestamp: signedUpAt,
      utm_source: person.utm.source,
      utm_medium: person.utm.medium,
      utm_campaign: person.utm.campaign,
      platform: person.platform,
      action: "import",
    },
    created_at: signedUpAt,
    status: consent ? "confirmed" : "pending",
    confirmed_at: consent?.confirmedAt ?? null,
    consent_at: consent ? (consent.at ?? consent.confirmedAt ?? signedUpAt) : null,
    consent_page: consent?.page ?? null,
    consent_wording: consent?.evidence ?? null,
    seq,
    referral_code: newReferralCode(),
    wants_updates: Number(preferences.updates),
    wants_invitations: Number(preferences.invitations),
    wants_android: Number(preferences.android),
    wants_macos: Number(preferences.macos),
    wants_chrome_extension: Number(preferences.chromeExtension),
    language: person.language,
  };
}

const field = (name: string) => `json_extract(value, '$.${name}')`;

/**
 * One chunk of people, inserted (an address that reached the list meanwhile is left alone), and the
 * confirmation message of each pending one among them queued: both in one batch, so a person is never
 * stored pending without their message. A confirmed beta tester takes the next place in line, in the
 * order of the file's signed-up dates.
 */
function chunkStatements(db: D1Database, people: ReturnType<typeof storedPerson>[], at: string): D1PreparedStatement[] {
  const json = JSON.stringify(people);
  return [
    db
      .prepare(
        `INSERT INTO waitlist (email, first_name, last_name, source, intent, metadata, created_at, status, confirmed_at, line_seq,
           consent_at, consent_form, consent_page, consent_wording, referral_code, wants_updates, wants_invitations,
           wants_android, wants_macos, wants_chrome_extension, confirmation_sent_at, imported_at, language)
         SELECT ${field("email")}, ${field("first_name")}, ${field("last_name")}, 'import', ${field("intent")}, json(${field("metadata")}),
                ${field("created_at")}, ${field("status")}, ${field("confirmed_at")},
                CASE WHEN ${field("seq")} IS NOT NULL THEN (SELECT coalesce(max(line_seq), 0) FROM waitlist) + ${field("seq")} END,
                ${field("consent_at")}, 'import', ${field("consent_page")}, ${field("consent_wording")}, ${field("referral_code")},
                ${field("wants_updates")}, ${field("wants_invitations")}, ${field("wants_android")}, ${field("wants_macos")},
                ${field("wants_chrome_extension")}, CASE WHEN ${field("status")} = 'pending' THEN ?2 END, ?2,
                coalesce(${field("language")}, 'en')
           FROM json_each(?1) WHERE true
         ON CONFLICT DO NOTHING
         RETURNING status`,
      )
      .bind(json, at),
    // The ordinary confirmation message (kinds: confirm), one per imported person ever (its key).
    db
      .prepare(
        `INSERT INTO email_outbox (idempotency_key, kind, recipient, payload, waitlist_id, language)
         SELECT 'confirm:import:' || id, 'confirm', email, json_object('form', CASE WHEN intent = 'beta_testing' THEN 'waitlist' ELSE 'notify' END), id, language
           FROM waitlist
          WHERE email IN (SELECT ${field("email")} FROM json_each(?1)) AND imported_at = ?2 AND status = 'pending'
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(json, at),
  ];
}

/**
 * Runs the import a preview shows, once: the first request claims it (a double click, or a second
 * tab, finds it busy or done). The rows to add are checked again against the list and the
 * suppression list as they are now; the counts answered are the import's own.
 */
export async function runImport(context: AppLoadContext, admin: SignedInAdmin, summary: ImportSummary, now: number = Date.now()): Promise<ImportOutcome> {
  const db = context.cloudflare.env.DB;
  if (summary.status === "imported") return { kind: "already", result: summary.result };
  const claimed = await db
    .prepare(
      `UPDATE waitlist_imports SET status = 'importing', claimed_until = ?2
        WHERE id = ?1 AND expires_at > ?3 AND (status = 'ready' OR (status = 'importing' AND claimed_until < ?3)) RETURNING id`,
    )
    .bind(summary.id, iso(now + IMPORT_CLAIM_MS), iso(now))
    .first();
  if (!claimed) {
    const [row] = await createDb(db).select({ status: waitlistImports.status, result: waitlistImports.result }).from(waitlistImports).where(eq(waitlistImports.id, summary.id));
    if (!row) return { kind: "gone" };
    return row.status === "imported" ? { kind: "already", result: (row.result as ImportCounts | null) ?? null } : { kind: "busy" };
  }
  try {
    return { kind: "imported", result: await importClaimed(context, admin, summary, now) };
  } catch (error) {
    // Nothing half-done is lost (each chunk landed whole or not at all): the admin may press Import again.
    await db.prepare("UPDATE waitlist_imports SET status = 'ready', claimed_until = NULL WHERE id = ?1 AND status = 'importing'").bind(summary.id).run().catch(() => {});
    throw error;
  }
}

async function importClaimed(context: AppLoadContext, admin: SignedInAdmin, summary: ImportSummary, now: number): Promise<ImportCounts> {
  const db = context.cloudflare.env.DB;
  const { results } = await db
    .prepare("SELECT line, person FROM waitlist_import_rows WHERE import_id = ?1 AND outcome = 'add' ORDER BY line")
    .bind(summary.id)
    .all<{ line: number; person: string }>();
  const people = results.map((row) => ({ line: row.line, person: JSON.parse(row.person) as ImportPerson }));
  const [listed, suppressed] = await Promise.all([listedInboxes(db), suppressedOf(db, context.env.SUPPRESSION_HASH_SECRET, people.map((p) => p.person.email))]);
  const result: ImportCounts = { ...summary.counts, add: 0, confirmed: 0, pending: 0 };
  const toAdd: ImportPerson[] = [];
  for (const { person } of people) {
    if (listed.has(inboxKey(person.email))) result.duplicate++;
    else if (suppressed.has(person.email)) result.suppressed++;
    else toAdd.push(person);
  }
  // Places in line follow the signed-up dates of the file (then its order).
  const byDate = toAdd.map((person, index) => ({ person, index })).sort((a, b) => (a.person.signedUpAt ?? "~").localeCompare(b.person.signedUpAt ?? "~") || a.index - b.index);
  const at = iso(now);
  for (const part of chunks(byDate, ROWS_PER_STATEMENT)) {
    let seq = 0;
    const stored = part.map(({ person }) => storedPerson(person, person.consent && person.intent === "beta_testing" ? ++seq : null, now));
    const [inserted] = await db.batch(chunkStatements(db, stored, at));
    const added = (inserted?.results ?? []) as { status: string }[];
    const pending = added.filter((row) => row.status === "pending").length;
    result.add += added.length;
    result.pending += pending;
    result.confirmed += added.length - pending;
    // An address that reached the list between the check and the insert.
    result.duplicate += part.length - added.length;
  }
  await db.batch([
    db
      .prepare("UPDATE waitlist_imports SET status = 'imported', claimed_until = NULL, imported_at = ?2, result = ?3 WHERE id = ?1")
      .bind(summary.id, at, JSON.stringify(result)),
    // The addresses are not kept past the import: the list has them now, or they were skipped.
    db.prepare("DELETE FROM waitlist_import_rows WHERE import_id = ?1").bind(summary.id),
    auditD1Statement(db, admin, "imported people", summary.fileName, { import: summary.id, ...result }),
  ]);
  if (result.pending > 0) nudgeEmailDelivery(context);
  return result;
}

/** Discards an upload that will not be imported, with its rows. */
export async function discardImport(context: AppLoadContext, admin: SignedInAdmin, summary: ImportSummary): Promise<void> {
  const db = context.cloudflare.env.DB;
  await db.batch([
    db.prepare("DELETE FROM waitlist_imports WHERE id = ?1 AND status <> 'importing'").bind(summary.id),
    auditD1Statement(db, admin, "discarded import", summary.fileName, { import: summary.id }),
  ]);
}
